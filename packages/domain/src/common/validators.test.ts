import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  GST_PATTERN,
  LICENCE_PATTERN,
  MESSAGES,
  MOBILE_PATTERN,
  PAN_PATTERN,
  emailField,
  fieldErrors,
  gstCheckCharacter,
  gstField,
  isValidEmail,
  isValidGst,
  licenceField,
  mobileField,
  optionalText,
  panField,
  panOfGst,
  requiredText,
  upperPattern,
} from './validators.js';

/** The first message a schema answers for `value`, or the parsed value when it is accepted. */
function outcome(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]!.message };
}

const VALID_GST = '27AAPFU0939F1ZV';

describe('messages', () => {
  it('are the specification’s texts', () => {
    expect(MESSAGES).toMatchObject({
      required: '*required',
      invalidEmail: 'Invalid email format',
      invalidMobile: 'Invalid mobile format',
      invalidPan: 'Invalid PAN number format',
      invalidGst: 'Invalid GST number format',
      invalidLicence: 'Invalid License number format',
      loginEmailRequired: 'Email is required.',
      loginEmailInvalid: 'Please enter a valid email address.',
      passwordRequired: 'Password is required.',
      otpRequired: 'OTP required.',
      captchaRequired: 'Please verify captcha.',
      passwordsDoNotMatch: 'Passwords do not match.',
      addUserEmail: '*required and must be a valid email',
    });
  });
});

describe('PAN', () => {
  it.each([
    ['ABCDE1234F', 'ABCDE1234F'],
    ['abcde1234f', 'ABCDE1234F'],
    ['  AAPFU0939F ', 'AAPFU0939F'],
  ])('accepts %j as %j', (input, parsed) => {
    expect(outcome(panField(), input)).toEqual({ ok: true, value: parsed });
  });

  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    [undefined, MESSAGES.required],
    [null, MESSAGES.required],
    ['ABCD1234F', MESSAGES.invalidPan], // 4 letters
    ['ABCDE123F', MESSAGES.invalidPan], // 3 digits
    ['ABCDE12345', MESSAGES.invalidPan], // digit at the end
    ['ABCDE1234FG', MESSAGES.invalidPan], // too long
    ['1BCDE1234F', MESSAGES.invalidPan],
    ['ABC DE1234F', MESSAGES.invalidPan],
  ])('refuses %j with %j', (input, message) => {
    expect(outcome(panField(), input)).toEqual({ ok: false, message });
  });

  it('pattern is 5 capitals, 4 digits, 1 capital', () => {
    expect(PAN_PATTERN.test('ABCDE1234F')).toBe(true);
    expect(PAN_PATTERN.test('abcde1234f')).toBe(false);
  });
});

describe('GST', () => {
  it('computes the check character of a real GSTIN', () => {
    expect(gstCheckCharacter(VALID_GST.slice(0, 14))).toBe('V');
    expect(isValidGst(VALID_GST)).toBe(true);
  });

  it.each([
    [VALID_GST, VALID_GST],
    [VALID_GST.toLowerCase(), VALID_GST],
    [` ${VALID_GST} `, VALID_GST],
  ])('accepts %j as %j', (input, parsed) => {
    expect(outcome(gstField(), input)).toEqual({ ok: true, value: parsed });
  });

  const wrongCheck = VALID_GST.slice(0, 14) + (VALID_GST.endsWith('V') ? 'W' : 'V');
  it.each([
    ['', MESSAGES.required],
    [undefined, MESSAGES.required],
    [wrongCheck, MESSAGES.invalidGst], // pattern fine, check character wrong
    ['27AAPFU0939F1Z', MESSAGES.invalidGst], // the spec's 14-character wording
    ['27AAPFU0939F1ZVX', MESSAGES.invalidGst],
    ['27AAPFU0939F0ZV', MESSAGES.invalidGst], // entity number 0
    ['27AAPFU0939F1YV', MESSAGES.invalidGst], // no Z
    ['2AAAPFU0939F1ZV', MESSAGES.invalidGst], // state code not 2 digits
    ['27AAPF10939F1ZV', MESSAGES.invalidGst], // PAN part malformed
  ])('refuses %j with %j', (input, message) => {
    expect(outcome(gstField(), input)).toEqual({ ok: false, message });
  });

  it('check character catches every single-character change of the body', () => {
    for (let i = 0; i < 14; i++) {
      const c = VALID_GST.charAt(i);
      const swapped = /[0-9]/.test(c)
        ? String((Number(c) + 1) % 10)
        : c === 'Z'
          ? 'Y'
          : String.fromCharCode(c.charCodeAt(0) + 1);
      const changed = VALID_GST.slice(0, i) + swapped + VALID_GST.slice(i + 1);
      expect(isValidGst(changed), changed).toBe(false);
    }
  });

  it('pattern is the real 15-character GSTIN', () => {
    expect(GST_PATTERN.test(VALID_GST)).toBe(true);
    expect(GST_PATTERN.test(wrongCheck)).toBe(true);
    expect(isValidGst(wrongCheck)).toBe(false);
  });

  it('embeds the holder’s PAN in characters 3 to 12', () => {
    expect(panOfGst(VALID_GST)).toBe('AAPFU0939F');
  });
});

describe('licence number', () => {
  it.each([
    ['ABC/12345/6789', 'ABC/12345/6789'],
    ['abc/12345/6789', 'ABC/12345/6789'],
  ])('accepts %j as %j', (input, parsed) => {
    expect(outcome(licenceField(), input)).toEqual({ ok: true, value: parsed });
  });

  it.each([
    ['', MESSAGES.required],
    ['AB/12345/6789', MESSAGES.invalidLicence],
    ['ABCD/12345/6789', MESSAGES.invalidLicence],
    ['ABC/1234/6789', MESSAGES.invalidLicence],
    ['ABC/12345/678', MESSAGES.invalidLicence],
    ['ABC-12345-6789', MESSAGES.invalidLicence],
    ['ABC/12345/6789/', MESSAGES.invalidLicence],
  ])('refuses %j with %j', (input, message) => {
    expect(outcome(licenceField(), input)).toEqual({ ok: false, message });
  });

  it('pattern is three capitals / five digits / four digits', () => {
    expect(LICENCE_PATTERN.test('ABC/12345/6789')).toBe(true);
  });
});

describe('mobile number', () => {
  it.each(['9876543210', '1000000000', ' 9876543210 '])('accepts %j', (input) => {
    expect(outcome(mobileField(), input)).toEqual({ ok: true, value: input.trim() });
  });

  it.each([
    ['', MESSAGES.required],
    [undefined, MESSAGES.required],
    ['0876543210', MESSAGES.invalidMobile], // first digit 0
    ['987654321', MESSAGES.invalidMobile], // 9 digits
    ['98765432101', MESSAGES.invalidMobile], // 11 digits
    ['98765 43210', MESSAGES.invalidMobile],
    ['+919876543210', MESSAGES.invalidMobile],
    ['98765432ab', MESSAGES.invalidMobile],
  ])('refuses %j with %j', (input, message) => {
    expect(outcome(mobileField(), input)).toEqual({ ok: false, message });
  });

  it('takes the messages a form asks for', () => {
    expect(outcome(mobileField('need it', 'bad'), '')).toEqual({ ok: false, message: 'need it' });
    expect(outcome(mobileField('need it', 'bad'), '0123456789')).toEqual({ ok: false, message: 'bad' });
    expect(MOBILE_PATTERN.test('0123456789')).toBe(false);
  });
});

describe('email', () => {
  const local64 = 'a'.repeat(64);
  const at254 = `${local64}@${'b'.repeat(185)}.com`;
  const at255 = `${local64}@${'b'.repeat(186)}.com`;

  it('builds the boundary addresses this table relies on', () => {
    expect(at254).toHaveLength(254);
    expect(at255).toHaveLength(255);
  });

  it.each([
    ['user@example.com', true],
    ['first.last+tag_1%x-y@sub.example.co.in', true],
    [`${local64}@example.com`, true], // 64 in the local part
    [`${'a'.repeat(65)}@example.com`, false], // 65 in the local part
    [at254, true],
    [at255, false],
    ['user@example', false], // no top-level part
    ['user@example.c', false], // top-level part of one letter
    ['user@@example.com', false],
    ['@example.com', false],
    ['user example@example.com', false],
    ['user', false],
    ['', false],
  ])('isValidEmail(%j) is %j', (input, valid) => {
    expect(isValidEmail(input)).toBe(valid);
    if (valid) expect(EMAIL_PATTERN.test(input)).toBe(true);
  });

  it('emailField answers the registration messages and lower-cases', () => {
    expect(outcome(emailField(), ' User@Example.COM ')).toEqual({ ok: true, value: 'user@example.com' });
    expect(outcome(emailField(), '')).toEqual({ ok: false, message: MESSAGES.required });
    expect(outcome(emailField(), null)).toEqual({ ok: false, message: MESSAGES.required });
    expect(outcome(emailField(), 'not-an-email')).toEqual({ ok: false, message: MESSAGES.invalidEmail });
    expect(outcome(emailField(), at255)).toEqual({ ok: false, message: MESSAGES.invalidEmail });
  });

  it('emailField takes other messages (add user)', () => {
    const field = emailField(MESSAGES.addUserEmail, MESSAGES.addUserEmail);
    expect(outcome(field, '')).toEqual({ ok: false, message: MESSAGES.addUserEmail });
    expect(outcome(field, 'x@')).toEqual({ ok: false, message: MESSAGES.addUserEmail });
  });
});

describe('required and optional text', () => {
  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
    [42, MESSAGES.required],
  ])('requiredText refuses %j with %j', (input, message) => {
    expect(outcome(requiredText(), input)).toEqual({ ok: false, message });
  });

  it('requiredText trims and takes a message', () => {
    expect(outcome(requiredText(), '  x  ')).toEqual({ ok: true, value: 'x' });
    expect(outcome(requiredText('Please verify captcha.'), '')).toEqual({
      ok: false,
      message: 'Please verify captcha.',
    });
  });

  it('optionalText turns missing into an empty string and caps the length', () => {
    expect(outcome(optionalText(), undefined)).toEqual({ ok: true, value: '' });
    expect(outcome(optionalText(), null)).toEqual({ ok: true, value: '' });
    expect(outcome(optionalText(), '  a  ')).toEqual({ ok: true, value: 'a' });
    expect(outcome(optionalText(3), 'abcd').ok).toBe(false);
  });

  it('upperPattern upper-cases before checking', () => {
    const field = upperPattern(/^[A-Z]+$/, 'letters');
    expect(outcome(field, 'abc')).toEqual({ ok: true, value: 'ABC' });
    expect(outcome(field, 'ab1')).toEqual({ ok: false, message: 'letters' });
    expect(outcome(field, '')).toEqual({ ok: false, message: MESSAGES.required });
  });
});

describe('fieldErrors', () => {
  it('maps each field to its first message, nested paths dotted, the root as "_"', () => {
    const schema = z
      .object({
        a: z.string().min(2, 'a short').regex(/x/, 'a no x'),
        b: z.object({ c: z.number({ error: 'c nan' }) }),
      })
      .refine(() => false, 'root');
    const r = schema.safeParse({ a: 'y', b: { c: 'z' } });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ a: 'a short', 'b.c': 'c nan' });
    const root = z
      .string()
      .refine(() => false, 'root')
      .safeParse('v');
    expect(fieldErrors(root.error!)).toEqual({ _: 'root' });
  });
});
