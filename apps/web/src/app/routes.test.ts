import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import { describe, expect, it } from 'vitest';
import { decide } from './guards';
import { menuFor, ROUTES } from './routes';

// Every route of spec 000 §2 and spec 001 §2, in React Router's notation.
const SPEC_ROUTES = [
  '/register',
  '/login',
  '/error',
  '/passwordreset',
  '/usersetup',
  '/clients',
  '/clients/:type',
  '/dashboard',
  '/companyinfo',
  '/companyinfo/:id',
  '/companyedit/:id',
  '/adduser',
  '/adduser/:id',
  '/userslist',
  '/setcommission',
  '/setcommission/:id',
  '/commissionlist',
  '/prospect',
  '/distilleries',
  '/adddistillery',
  '/adddistillery/:id',
  '/centralized',
  '/centralized/edit',
  '/decentralized',
  '/decentralized/edit',
  '/home',
  '/pricetrend',
  '/additem',
  '/additem/:id',
  '/offers',
  '/ask',
  '/askcreate',
  '/offeredit',
  '/offeredit/:id',
  '/offermap',
  '/offermap/:id',
  '/items',
  '/biditem',
  '/biditem/:id',
  '/biditem/:id/:orderid',
  '/viewitem/:id',
  '/bidslist',
  '/bidapproval',
  '/currentbids',
  '/approvedbids',
  '/biddetail/:id',
  '/bulkupload',
  '/ratings',
  '/mycommission',
  '/editmycommission/:id',
  '/dashapprovebid',
  '/bidlapsed',
  '/myorder',
  '/mypendingapproval',
  '/dashopenbid',
  '/dataanalysis',
];

// Routes the design adds to the specification's (DESIGN.md §5: SuperAdmin reads the audit log; issue 25: notification
// settings and price alerts, a company Admin's API keys and webhooks).
const DESIGN_ROUTES = ['/audit', '/notificationsettings', '/pricealerts', '/apikeys', '/webhooks', '/webhooks/:id'];

function userWith(roles: string[], company_type: 'Seller' | 'Buyer' | null = 'Seller'): SessionUser {
  return {
    id: 1,
    name: 'Test User',
    email: 'user@example.test',
    company_id: company_type ? 1 : null,
    company_name: company_type ? 'Test Co' : null,
    company_type,
    roles,
    userType: roles[0] ?? null,
    userActionType: null,
  };
}

const labels = (user: SessionUser) => menuFor(user).map((m) => m.label);

describe('route table', () => {
  it('holds every route of the specification exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...DESIGN_ROUTES].sort());
  });

  it('keeps sign-in, registration, account set-up and home public, and data analysis for SuperAdmin', () => {
    const guard = (path: string) => ROUTES.find((r) => r.path === path)?.guard;
    for (const path of ['/usersetup', '/home']) expect(guard(path)).toBe('public');
    // Open to visitors; a signed-in user is sent on to the dashboard.
    for (const path of ['/login', '/register']) expect(guard(path)).toBe('guest');
    expect(guard('/dataanalysis')).toBe('superadmin');
    expect(guard('/audit')).toBe('superadmin');
    // Every call of these screens is the SuperAdmin's alone: others are sent to their dashboard.
    for (const path of ['/clients', '/clients/:type', '/prospect', '/commissionlist', '/setcommission']) {
      expect(guard(path)).toBe('superadmin');
    }
    expect(guard('/companyinfo/:id')).toBe('session');
    expect(guard('/dashboard')).toBe('session');
  });
});

describe('menu', () => {
  it('shows Sellers "Offers" and Buyers "Asks"', () => {
    expect(labels(userWith(['Negotiator'], 'Seller'))).toContain('Offers');
    expect(labels(userWith(['Negotiator'], 'Seller'))).not.toContain('Asks');
    expect(labels(userWith(['Negotiator'], 'Buyer'))).toContain('Asks');
    expect(labels(userWith(['Negotiator'], 'Buyer'))).not.toContain('Offers');
  });

  it('gives the SuperAdmin the platform screens and a company Admin the company screens', () => {
    const superAdmin = labels(userWith(['SuperAdmin'], null));
    expect(superAdmin).toEqual(
      expect.arrayContaining(['Clients', 'Prospects', 'Service Fees', 'Audit Log', 'Approved Bids']),
    );
    expect(superAdmin).not.toContain('Users');

    const admin = labels(userWith(['Admin']));
    expect(admin).toEqual(
      expect.arrayContaining([
        'Company Info',
        'Users',
        'Distilleries',
        'Centralized Mappings',
        'De-Centralized Mappings',
      ]),
    );
    expect(admin).not.toContain('Audit Log');
    expect(admin).not.toContain('Clients');
    expect(admin).not.toContain('Data Analysis');
  });

  it("reads the spec's 'Authenticator' as the Authorizer tier", () => {
    expect(labels(userWith(['Authenticator']))).toContain('Waiting for me');
  });

  it('gives every trading tier its inbox, counted, and My Bids; an Admin neither', () => {
    for (const role of ['Negotiator', 'Authorizer', 'Approver']) {
      const menu = menuFor(userWith([role], 'Buyer'));
      expect(
        menu.find((m) => m.label === 'Waiting for me'),
        role,
      ).toEqual({
        path: '/bidapproval',
        label: 'Waiting for me',
        count: 'awaiting',
      });
      expect(
        menu.map((m) => m.path),
        role,
      ).toContain('/currentbids');
    }
    expect(labels(userWith(['Admin']))).not.toContain('Waiting for me');
  });

  it('has every screen of the spec built, and the menu never leads to one that is not', () => {
    const later = new Set(ROUTES.filter((r) => r.page === null).map((r) => r.path));
    // Issue 23 built the last of them (the dashboards' lists, the map, trend and analysis).
    expect([...later]).toEqual([]);
    for (const user of [
      userWith(['SuperAdmin'], null),
      userWith(['Admin', 'Negotiator', 'Authorizer', 'Approver'], 'Seller'),
      userWith(['Admin', 'Negotiator', 'Authorizer', 'Approver'], 'Buyer'),
    ]) {
      for (const item of menuFor(user)) expect(later.has(item.path), item.path).toBe(false);
    }
  });

  it('opens Approved Bids for every role, and Bid Detail from it', () => {
    for (const roles of [['SuperAdmin'], ['Admin'], ['Negotiator'], ['Authorizer'], ['Approver']]) {
      expect(menuFor(userWith(roles, roles[0] === 'SuperAdmin' ? null : 'Buyer'))).toContainEqual({
        path: '/approvedbids',
        label: 'Approved Bids',
      });
    }
    const route = (path: string) => ROUTES.find((r) => r.path === path)!;
    expect(route('/approvedbids').page).not.toBeNull();
    expect(route('/biddetail/:id').page).not.toBeNull();
    expect(route('/biddetail/:id').menuParent).toBe('/approvedbids');
    expect(labels(userWith(['SuperAdmin'], null))).toContain('Ratings');
  });
});

describe('guards', () => {
  const session = (roles: string[]) => ({ token: 't', user: userWith(roles) });

  it('sends a visitor without a session to /login', () => {
    expect(decide('session', null)).toEqual({ allow: false, to: '/login' });
    expect(decide('public', null)).toEqual({ allow: true });
  });

  it('sends a signed-in user from /login and /register to the dashboard', () => {
    const guardOf = (path: string) => ROUTES.find((r) => r.path === path)!.guard;
    for (const path of ['/login', '/register']) {
      expect(decide(guardOf(path), session(['Admin'])), path).toEqual({ allow: false, to: '/dashboard' });
      expect(decide(guardOf(path), null), path).toEqual({ allow: true });
    }
  });

  it('sends a user without roles to /error', () => {
    expect(decide('session', session([]))).toEqual({ allow: false, to: '/error' });
  });

  it('lets only the SuperAdmin into SuperAdmin routes', () => {
    expect(decide('superadmin', session(['Admin']))).toEqual({ allow: false, refused: true });
  });

  it('keeps a role off the screens whose calls the server refuses it, by the server’s role map', () => {
    const guardOf = (path: string) => ROUTES.find((r) => r.path === path)!.guard;
    for (const path of [
      '/userslist',
      '/adduser',
      '/distilleries',
      '/adddistillery',
      '/centralized',
      '/centralized/edit',
      '/decentralized',
      '/decentralized/edit',
    ]) {
      expect(decide(guardOf(path), session(['Approver'])), path).toEqual({ allow: false, refused: true });
      expect(decide(guardOf(path), session(['Negotiator', 'Authorizer'])), path).toEqual({
        allow: false,
        refused: true,
      });
      expect(decide(guardOf(path), session(['Admin', 'Approver'])), path).toEqual({ allow: true });
    }
    expect(decide('superadmin', session(['SuperAdmin']))).toEqual({ allow: true });
    expect(decide('session', session(['Approver']))).toEqual({ allow: true });
    // The SuperAdmin reads approved trades, and is kept off the companies' bid screens.
    expect(decide(guardOf('/approvedbids'), session(['SuperAdmin']))).toEqual({ allow: true });
    expect(decide(guardOf('/biddetail/:id'), session(['SuperAdmin']))).toEqual({ allow: true });
    for (const path of ['/currentbids', '/bidslist', '/bidapproval', '/biditem/:id/:orderid'])
      expect(decide(guardOf(path), session(['SuperAdmin'])), path).toEqual({ allow: false, refused: true });
  });
});
