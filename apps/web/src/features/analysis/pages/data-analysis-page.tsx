// Data Analysis (spec 000: lazy-loaded, guarded, SuperAdmin only; issue 23 part 6): traded volume and average price
// over time, the bid funnel and the top companies of one date range, each chart with its table and CSV.
import { defaultRange } from '@spirit/domain/analysis/analysis.rules';
import { useState } from 'react';
import '../components/analysis.css';
import { FunnelSection } from '../components/funnel-section';
import type { Range } from '../components/range';
import { RangeForm } from '../components/range-form';
import { TopCompaniesSection } from '../components/top-companies-section';
import { VolumeSection } from '../components/volume-section';

export function DataAnalysisPage() {
  const [range, setRange] = useState<Range>(() => defaultRange(new Date()));
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Data Analysis</h1>
      <div className="card">
        <RangeForm value={range} onApply={setRange} />
        <p className="muted analysis-note">
          Approved trades and bids of the range, confidential bids left out; days in India Standard Time.
        </p>
      </div>
      <VolumeSection range={range} />
      <FunnelSection range={range} />
      <TopCompaniesSection range={range} />
    </section>
  );
}
