// Ratings (/ratings; spec 001 "Ratings"): a company Admin rates distilleries of companies of the opposite type from
// its own company, the SuperAdmin for any company. Rows are held here until "Save Review" sends them all in one
// reviewDistillery call (all are stored or none), then cleared. "Download Ratings" exports them as a spreadsheet.
import { useRef, useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { useSession } from '../../../app/session';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { useDownloadRatings } from '../api/export-rating';
import { useReviewDistillery } from '../api/review-distillery';
import { RatingRowForm } from '../components/rating-row-form';
import { toRatingRow, type ReviewRow } from '../components/review-row';
import { ReviewTable } from '../components/review-table';
import '../components/ratings.css';

/** The server names a refused row `rating_details.<index>.<field>`: its reason per row of the table. */
function problemsOf(error: unknown, rows: ReviewRow[]): Map<number, string> {
  const problems = new Map<number, string>();
  if (!(error instanceof ApiError)) return problems;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const index = /^rating_details\.(\d+)\./.exec(field)?.[1];
    const row = index === undefined ? undefined : rows[Number(index)];
    if (row && !problems.has(row.key)) problems.set(row.key, message);
  }
  return problems;
}

export function RatingsPage() {
  const user = useSession()?.user;
  const toast = useToast();
  const save = useReviewDistillery();
  const download = useDownloadRatings();
  const nextKey = useRef(1);
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    try {
      const { message } = await save.mutateAsync(rows.map(toRatingRow));
      toast.success(message);
      setRows([]);
      setProblems(new Map());
    } catch (error) {
      setProblems(problemsOf(error, rows));
      setFailure(errorText(error));
      toast.failure(errorText(error));
    }
  };

  const exportAll = async () => {
    try {
      const { file_name, rows: count } = await download.mutateAsync();
      toast.success(`${file_name}: ${count} rating${count === 1 ? '' : 's'}`);
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  if (!user) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="ratings-header">
        <h1 id="page-title">Ratings</h1>
        <Button
          label="Download Ratings"
          className="p-button-outlined"
          loading={download.isPending}
          onClick={() => void exportAll()}
        />
      </div>
      <RatingRowForm
        user={user}
        onAdd={(row) => {
          setRows((all) => [...all, { ...row, key: nextKey.current++ }]);
          setFailure(null);
        }}
      />
      <div className="card">
        <h2 className="card-title">Review</h2>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <ReviewTable
          rows={rows}
          problems={problems}
          busy={save.isPending}
          onRemove={(key) => {
            setRows((all) => all.filter((r) => r.key !== key));
            setProblems((p) => new Map([...p].filter(([k]) => k !== key)));
          }}
        />
        <div className="form-actions">
          <Button
            label="Save Review"
            disabled={rows.length === 0}
            loading={save.isPending}
            onClick={() => void submit()}
          />
        </div>
      </div>
    </section>
  );
}
