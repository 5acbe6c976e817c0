import type { Role } from '@spirit/domain/auth/auth.constants';

/** Who is calling, derived from the session on the server; never from the request body. */
export type Actor = {
  sessionId: number;
  userId: number;
  name: string;
  email: string;
  companyId: number | null;
  companyName: string | null;
  companyType: 'Seller' | 'Buyer' | null;
  roles: Role[];
};

export const isSuperAdmin = (actor: Actor | null) => !!actor?.roles.includes('SuperAdmin');
