export const COMPANY_TYPES = ['Seller', 'Buyer'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_STATUSES = ['Pending', 'Approved', 'Rejected', 'Deleted'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Spirit types as the registration form names them, with the short names trading screens use. */
export const SPIRITS = [
  { id: 1, type_of_spirit: 'Molasses ENA', short_name: 'Mol ENA' },
  { id: 2, type_of_spirit: 'Molasses RS', short_name: 'Mol RS' },
  { id: 3, type_of_spirit: 'Grain ENA', short_name: 'Grain ENA' },
  { id: 4, type_of_spirit: 'Grain Tripple Distilled ENA', short_name: 'TD ENA' },
  { id: 5, type_of_spirit: 'Molasses', short_name: 'Molasses' },
  { id: 6, type_of_spirit: 'Malt Spirit', short_name: 'Malt Spirit' },
  { id: 7, type_of_spirit: 'Grape Spirit', short_name: 'Grape Spirit' },
  { id: 8, type_of_spirit: 'Rum Spirit', short_name: 'Rum Spirit' },
] as const;
export const SPIRIT_NAMES = SPIRITS.map((s) => s.type_of_spirit) as string[];

export const COMPANY_MESSAGES = {
  registered: 'Registration successful! Thank you for registering.',
  registeredNext: 'You would receive a mail once your form has been verified',
  panMismatch: 'GST number does not contain the company PAN number',
  emailInUse: 'This email is already registered',
  panInUse: 'A company with this PAN number is already registered',
  unknownState: 'Please select a valid state',
  unknownCity: 'Please select a valid city for the chosen state',
  unknownSpirit: 'Please select valid spirit types',
  fileMissing: 'Please upload the PAN card',
  fileUnknown: 'The uploaded PAN card was not found. Please upload it again.',
  notFound: 'Company not found',
  approved: 'Company approved successfully',
  rejected: 'Company rejected successfully',
  badTransition: 'Only a Pending company can be approved or rejected',
  updated: 'Company updated successfully',
  deleted: 'Company deleted successfully',
  restored: 'Company restored successfully',
  alreadyDeleted: 'This company is already deleted',
  notDeleted: 'Only a deleted company can be restored',
  deletedCannotEdit: 'A deleted company cannot be edited. Restore it first.',
  notified: 'Notification sent successfully',
  linkSent: 'A new set-password link was sent to the company admin',
  adminActive: 'The company admin has already set a password',
  cannotNotify: 'Only Pending or Approved companies can be notified',
} as const;
