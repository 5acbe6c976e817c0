// The demo market's companies, staff and sign-ins (SEED_DEMO), and the actors the seed acts as.
import { gstCheckCharacter } from '@spirit/domain/common/validators';
import { gstStateCode } from '@spirit/domain/geo/geo.rules';
import type { Actor } from '../lib/actor.js';

export const DEMO_PASSWORD = 'Demo@2026';

export type DemoCompany = {
  type: 'Seller' | 'Buyer';
  name: string;
  pan: string;
  state: string;
  city: string;
  email: string;
  spirits: string[];
  /** Distillery towns: the first and last in `state`, the middle one in `otherState`. */
  towns: [string, string, string];
  otherState: string;
  /** The negotiator, authorizer, approver and second negotiator. */
  people: [string, string, string, string];
};

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    type: 'Seller',
    name: 'Deccan Distilleries',
    pan: 'AADCD1234K',
    state: 'Maharashtra',
    city: 'Pune',
    email: 'admin@deccan-distilleries.example',
    spirits: ['Molasses ENA', 'Molasses RS', 'Molasses'],
    towns: ['Baramati', 'Ponda', 'Nashik'],
    otherState: 'Goa',
    people: ['Rohan Patil', 'Meera Kulkarni', 'Sanjay Deshmukh', 'Pooja Jadhav'],
  },
  {
    type: 'Seller',
    name: 'Ganga Grain Spirits',
    pan: 'AAGCG5678L',
    state: 'Uttar Pradesh',
    city: 'Lucknow',
    email: 'admin@ganga-grain.example',
    spirits: ['Grain ENA', 'Grain Tripple Distilled ENA'],
    towns: ['Meerut', 'Panipat', 'Kanpur'],
    otherState: 'Haryana',
    people: ['Amit Verma', 'Neha Srivastava', 'Rajesh Tripathi', 'Kavita Mishra'],
  },
  {
    type: 'Seller',
    name: 'Kaveri Malt Works',
    pan: 'AAKCK9012M',
    state: 'Karnataka',
    city: 'Mysore',
    email: 'admin@kaveri-malt.example',
    spirits: ['Malt Spirit', 'Grain ENA', 'Rum Spirit', 'Grape Spirit'],
    towns: ['Mandya', 'Hosur', 'Hassan'],
    otherState: 'Tamil Nadu',
    people: ['Kiran Gowda', 'Lakshmi Rao', 'Suresh Hegde', 'Divya Shetty'],
  },
  {
    type: 'Buyer',
    name: 'Punjab Bottling Company',
    pan: 'AAPCP3456N',
    state: 'Punjab',
    city: 'Ludhiana',
    email: 'admin@punjab-bottling.example',
    spirits: ['Molasses ENA', 'Grain ENA', 'Malt Spirit'],
    towns: ['Ludhiana', 'Alwar', 'Jalandhar'],
    otherState: 'Rajasthan',
    people: ['Harpreet Singh', 'Simran Kaur', 'Gurdeep Sandhu', 'Manpreet Gill'],
  },
  {
    type: 'Buyer',
    name: 'Bengal Blenders',
    pan: 'AABCB7890P',
    state: 'West Bengal',
    city: 'Kolkata',
    email: 'admin@bengal-blenders.example',
    spirits: ['Molasses ENA', 'Grain Tripple Distilled ENA', 'Molasses RS', 'Molasses'],
    towns: ['Howrah', 'Varanasi', 'Durgapur'],
    otherState: 'Uttar Pradesh',
    people: ['Arjun Banerjee', 'Riya Chatterjee', 'Sourav Ghosh', 'Ananya Mukherjee'],
  },
  {
    type: 'Buyer',
    name: 'Rajputana Beverages',
    pan: 'AARCR2345Q',
    state: 'Rajasthan',
    city: 'Jaipur',
    email: 'admin@rajputana-beverages.example',
    spirits: ['Grain ENA', 'Rum Spirit', 'Grape Spirit'],
    towns: ['Jaipur', 'Bathinda', 'Udaipur'],
    otherState: 'Punjab',
    people: ['Vikram Rathore', 'Priya Shekhawat', 'Mahesh Choudhary', 'Sunita Meena'],
  },
];

export function demoGst(state: string, pan: string): string {
  const first14 = `${gstStateCode(state) ?? '27'}${pan}1Z`;
  return first14 + gstCheckCharacter(first14);
}

/** The demo users of each company: the address's local part names the role (at the admin's domain). */
export const DEMO_STAFF = [
  { local: 'negotiator', role: 'Negotiator' },
  { local: 'authorizer', role: 'Authorizer' },
  { local: 'approver', role: 'Approver' },
  { local: 'negotiator2', role: 'Negotiator' },
] as const;

export const domainOf = (c: DemoCompany) => c.email.slice(c.email.indexOf('@') + 1);

export type DemoAccount = { email: string; role: string };
export type SeedReport = {
  superAdmin: { email: string; password: string | null };
  demo: { company: string; type: string; domain: string; password: string; accounts: DemoAccount[] }[];
};

export const accountsOf = (c: DemoCompany): DemoAccount[] => [
  { email: c.email, role: 'Admin' },
  ...DEMO_STAFF.map((s) => ({ email: `${s.local}@${domainOf(c)}`, role: s.role })),
];

export const actorOf = (
  user: { id: number; name: string; email: string },
  company: Actor['companyId'],
  c?: DemoCompany,
): Actor => ({
  sessionId: 0,
  userId: user.id,
  name: user.name,
  email: user.email,
  companyId: company,
  companyName: c?.name ?? null,
  companyType: c?.type ?? null,
  roles: c ? ['Admin'] : ['SuperAdmin'],
});
