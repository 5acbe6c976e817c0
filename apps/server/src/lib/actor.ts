import type { ApiKeyScope } from '@spirit/domain/apikeys/apikeys.constants';
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
  /**
   * Set when the caller is a company API key (modules/apikeys): `userId` is then the Admin who issued the key, and
   * the registry admits only the methods of the key's scope.
   */
  apiKey?: { id: number; scope: ApiKeyScope; name: string };
};

export const isSuperAdmin = (actor: Actor | null) => !!actor?.roles.includes('SuperAdmin');
