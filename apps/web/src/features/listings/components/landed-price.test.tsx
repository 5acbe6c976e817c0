import type { LandedBreakdown } from '@spirit/domain/listings/listings.schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { breakdownLines } from '../../../ui/price-breakdown';
import { LandedPrice } from './landed-price';

const BREAKDOWN: LandedBreakdown = {
  price: '60.00',
  sales_tax: '5.00',
  sales_tax_amount: '3.00',
  import_pass_fee: '1.25',
  escort_fee: '0.00',
  transit_permit_fee: '0.50',
  corporation_fee: '0.00',
  misc_handling: '0.00',
  transportation: '2.00',
  export_pass_fee: '0.75',
  total: '67.50',
};

describe('landed price', () => {
  afterEach(cleanup);

  it('lists the price, every fee that is not zero in the rule’s order, and the total', () => {
    expect(breakdownLines(BREAKDOWN)).toEqual([
      { label: 'Price', value: '₹60.00' },
      { label: 'Sales Tax (5%)', value: '+ ₹3.00' },
      { label: 'Export Pass Fee', value: '+ ₹0.75' },
      { label: 'Import Pass Fee', value: '+ ₹1.25' },
      { label: 'Transit Permit Fee', value: '+ ₹0.50' },
      { label: 'Transportation Fee', value: '+ ₹2.00' },
      { label: 'Landed per litre', value: '₹67.50' },
    ]);
  });

  it('shows the landed figure and opens its breakdown from the figure', () => {
    render(<LandedPrice breakdown={BREAKDOWN} place="Grain ENA from Goa" />);
    const toggle = screen.getByRole('button', { name: /₹67\.50.*breakdown for Grain ENA from Goa/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(list.textContent).toContain('Sales Tax (5%)+ ₹3.00');
    expect(list.textContent).toContain('Landed per litre₹67.50');

    fireEvent.click(toggle);
    expect(list.hidden).toBe(true);
  });
});
