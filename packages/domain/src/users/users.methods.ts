// Users of a company (Add/Edit User, archive) and the set-password step of an invitation.
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import { idSchema } from '../common/list.schemas.js';
import {
  createUserSchema,
  updateUserSchema,
  userIdSchema,
  userListResultSchema,
  userListSchema,
  userRecordSchema,
} from './users.schemas.js';

export const USER_METHODS = {
  createUser: {
    body: createUserSchema,
    data: nothing,
    access: METHOD_ACCESS.createUser,
    summary:
      'Add a user to the caller’s company (Admin), or, with is_company_registration, set the password of an invited account',
  },
  updateUser: {
    body: updateUserSchema,
    data: nothing,
    access: METHOD_ACCESS.updateUser,
    summary: 'Edit a user of the caller’s company (Admin), or, with is_company_registration, set an invited password',
  },
  getUserbyId: {
    body: idSchema,
    data: userRecordSchema,
    access: METHOD_ACCESS.getUserbyId,
    summary: 'A user of the caller’s company',
  },
  getAllUsers: {
    body: userListSchema,
    data: userListResultSchema,
    access: METHOD_ACCESS.getAllUsers,
    summary: 'Users of the caller’s company, active or archived',
  },
  archiveUser: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.archiveUser,
    summary: 'Archive a user and sign them out everywhere',
  },
  unarchiveUser: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.unarchiveUser,
    summary: 'Restore an archived user',
  },
  sendUserCredentials: {
    body: userIdSchema,
    data: nothing,
    access: METHOD_ACCESS.sendUserCredentials,
    summary: 'Mail a fresh set-password link to a user who has not set one',
  },
} as const satisfies Record<string, MethodSpec>;
