import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FiguresTable, type FigureColumn } from './figures-table';

type Row = { name: string; volume: string };
const columns: FigureColumn<Row>[] = [
  { header: 'Company', cell: (r) => r.name, csv: (r) => r.name },
  { header: 'Volume (B/L)', cell: (r) => `${r.volume} B/L`, csv: (r) => r.volume, numeric: true },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FiguresTable', () => {
  it('shows the rows and downloads exactly them, formula-like names as text', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const rows = [
      { name: '=HYPERLINK("x")', volume: '1500.0' },
      { name: 'Acme, Ltd', volume: '20.5' },
    ];
    render(<FiguresTable caption="Top" columns={columns} rows={rows} rowKey={(r) => r.name} fileName="top.csv" />);
    const table = screen.getByRole('table', { name: 'Top' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('1500.0 B/L')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: Top' }));
    expect(clicked).toEqual(['top.csv']);
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toBe('Company,Volume (B/L)\r\n"\'=HYPERLINK(""x"")",1500.0\r\n"Acme, Ltd",20.5\r\n');
  });

  it('says No Data Found and offers no download without rows', () => {
    render(<FiguresTable caption="Top" columns={columns} rows={[]} rowKey={(r) => r.name} fileName="top.csv" />);
    expect(screen.getByText('No Data Found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV: Top' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
