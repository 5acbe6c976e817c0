import { describe, expect, it } from 'vitest';
import { fieldErrors, gstCheckCharacter } from '../common/validators.js';
import { COMPANY_MESSAGES } from './companies.constants.js';
import { createCompanySchema, updateCompanyStatusSchema } from './companies.schemas.js';

const PAN = 'AAPFU0939F';
const GST = '27AAPFU0939F1ZV';
const OTHER_PAN = 'AABCD1234E';
const first14 = `27${OTHER_PAN}1Z`;
const GST_OF_OTHER_PAN = first14 + gstCheckCharacter(first14);

const good = {
  type: 'Seller',
  registered_name: 'Deccan Distilleries Pvt Ltd',
  name: 'Deccan',
  email: 'Admin@Deccan.example',
  mobile_number: '9876543210',
  pan_no: PAN,
  gst_number: GST,
  address: '12 Industrial Estate',
  state: 'Maharashtra',
  city: 'Pune',
  pin_code: '411001',
  type_of_spirits: ['Molasses ENA'],
  license: '/api/getFile?id=0b7f9c1e-5d1a-4c47-9a39-2f4e1b8a6c11',
  captcha: 'payload',
};

function refusal(body: unknown) {
  const r = createCompanySchema.safeParse(body);
  return r.success ? null : fieldErrors(r.error);
}

describe('registration', () => {
  it('accepts a complete form, upper-cases PAN, GST and licence number, lower-cases the email', () => {
    const r = createCompanySchema.parse({
      ...good,
      pan_no: PAN.toLowerCase(),
      gst_number: ` ${GST.toLowerCase()} `,
      license_number: 'abc/12345/6789',
    });
    expect(r).toMatchObject({
      pan_no: PAN,
      gst_number: GST,
      license_number: 'ABC/12345/6789',
      email: 'admin@deccan.example',
    });
  });

  it('leaves optional fields optional', () => {
    const { name: _n, pin_code: _p, ...rest } = good;
    expect(createCompanySchema.parse({ ...rest, license_number: null, distillery_address: null })).toMatchObject({
      name: '',
      pin_code: '',
      distillery_address: '',
      license_number: undefined,
    });
    expect(createCompanySchema.parse({ ...good, license_number: '' }).license_number).toBe('');
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['type missing', { type: undefined }, { type: '*required' }],
    ['type unknown', { type: 'Trader' }, { type: '*required' }],
    ['registered name empty', { registered_name: '  ' }, { registered_name: '*required' }],
    ['email empty', { email: '' }, { email: '*required' }],
    ['email malformed', { email: 'admin@deccan' }, { email: 'Invalid email format' }],
    ['mobile empty', { mobile_number: '' }, { mobile_number: '*required' }],
    ['mobile leading 0', { mobile_number: '0876543210' }, { mobile_number: 'Invalid mobile format' }],
    ['mobile 9 digits', { mobile_number: '987654321' }, { mobile_number: 'Invalid mobile format' }],
    ['PAN empty', { pan_no: '' }, { pan_no: '*required' }],
    ['PAN malformed', { pan_no: 'AAPF0939F' }, { pan_no: 'Invalid PAN number format' }],
    ['GST empty', { gst_number: '' }, { gst_number: '*required' }],
    ['GST pattern', { gst_number: '27AAPFU0939F1Z' }, { gst_number: 'Invalid GST number format' }],
    ['GST check character', { gst_number: '27AAPFU0939F1ZW' }, { gst_number: 'Invalid GST number format' }],
    ['GST of another PAN', { gst_number: GST_OF_OTHER_PAN }, { gst_number: COMPANY_MESSAGES.panMismatch }],
    ['address empty', { address: '' }, { address: '*required' }],
    ['state empty', { state: '' }, { state: '*required' }],
    ['city missing', { city: undefined }, { city: '*required' }],
    ['spirits missing', { type_of_spirits: undefined }, { type_of_spirits: '*required' }],
    ['spirits empty', { type_of_spirits: [] }, { type_of_spirits: '*required' }],
    ['spirits not a list', { type_of_spirits: 'Molasses ENA' }, { type_of_spirits: '*required' }],
    [
      'licence number malformed',
      { license_number: 'ABC/1234/6789' },
      { license_number: 'Invalid License number format' },
    ],
    ['PAN card missing', { license: undefined }, { license: COMPANY_MESSAGES.fileMissing }],
    ['PAN card empty', { license: ' ' }, { license: COMPANY_MESSAGES.fileMissing }],
    ['captcha missing', { captcha: '' }, { captcha: 'Please verify captcha.' }],
  ])('refuses %s', (_case, override, fields) => {
    expect(refusal({ ...good, ...override })).toEqual(fields);
  });

  it('checks that the GST embeds the PAN after upper-casing both', () => {
    expect(refusal({ ...good, pan_no: PAN.toLowerCase(), gst_number: GST.toLowerCase() })).toBeNull();
    expect(refusal({ ...good, pan_no: OTHER_PAN, gst_number: GST })).toEqual({
      gst_number: COMPANY_MESSAGES.panMismatch,
    });
  });

  it('reports every broken field at once', () => {
    expect(refusal({})).toEqual({
      type: '*required',
      registered_name: '*required',
      email: '*required',
      mobile_number: '*required',
      pan_no: '*required',
      gst_number: '*required',
      address: '*required',
      state: '*required',
      city: '*required',
      type_of_spirits: '*required',
      license: COMPANY_MESSAGES.fileMissing,
      captcha: 'Please verify captcha.',
    });
  });
});

describe('review decision', () => {
  it.each(['Approved', 'Rejected'])('accepts %s with a coerced id', (status) => {
    expect(updateCompanyStatusSchema.parse({ id: '5', status })).toEqual({ id: 5, status });
  });

  it.each([
    [{ id: 5, status: 'Deleted' }, { status: 'Status must be Approved or Rejected' }],
    [{ id: 5, status: 'Pending' }, { status: 'Status must be Approved or Rejected' }],
    [{ id: 0, status: 'Approved' }, { id: expect.any(String) }],
    [{ status: 'Approved' }, { id: expect.any(String) }],
  ])('refuses %j', (body, fields) => {
    const r = updateCompanyStatusSchema.safeParse(body);
    expect(r.success ? null : fieldErrors(r.error)).toEqual(fields);
  });
});
