// Company users managed by the company Admin (spec 000: Add User, Users List).
import { z } from 'zod';
import { idField, optionalIdField } from '../common/numbers.js';
import { accountSetupSchema } from '../auth/auth.schemas.js';
import { listQuerySchema, listResultSchema } from '../common/list.schemas.js';
import { MESSAGES, emailField, mobileField, requiredText } from '../common/validators.js';

export const USER_MESSAGES = {
  created: 'User created successfully. The credentials were sent by mail.',
  updated: 'User updated successfully',
  archived: 'User archived successfully',
  unarchived: 'User unarchived successfully',
  credentialsSent: 'User credentials sent successfully',
  notFound: 'User not found',
  emailInUse: 'This email is already in use',
  alreadyActive: 'This user has already set a password',
  mappedCannotArchive: (mapping: string) =>
    `This user is mapped in "${mapping}". Remove the user from the mapping first.`,
  selfArchive: 'You cannot archive your own account',
  archivedCannotEdit: 'Archived users cannot be changed. Unarchive the user first.',
} as const;

export const userFormSchema = z.object({
  email: emailField(MESSAGES.addUserEmail, MESSAGES.addUserEmail),
  name: requiredText().pipe(z.string().max(120)),
  mobile_number: mobileField(),
});
export type UserFormInput = z.input<typeof userFormSchema>;

export const addUserSchema = userFormSchema.extend({
  is_company_registration: z.literal(false),
  company_id: optionalIdField(),
});
export const editUserSchema = addUserSchema.extend({ id: idField() });

const flagged = (v: unknown) =>
  v && typeof v === 'object'
    ? { ...v, is_company_registration: (v as { is_company_registration?: unknown }).is_company_registration === true }
    : v;

/** `createUser` is account set-up from an invitation when `is_company_registration` is true, Add User otherwise. */
export const createUserSchema = z.preprocess(
  flagged,
  z.discriminatedUnion('is_company_registration', [accountSetupSchema, addUserSchema]),
);
export const updateUserSchema = z.preprocess(
  flagged,
  z.discriminatedUnion('is_company_registration', [accountSetupSchema, editUserSchema]),
);

export const userIdSchema = z.object({ user_id: idField() });

export const userListSchema = listQuerySchema.extend({
  filters: z.object({ is_archived: z.boolean().default(false) }).default({ is_archived: false }),
});

export const userRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  company_id: z.number().nullable(),
  is_active: z.boolean(),
  is_archived: z.boolean(),
  roles: z.array(z.string()),
  distilleries: z.array(z.string()),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
export const userListResultSchema = listResultSchema(userRecordSchema);
