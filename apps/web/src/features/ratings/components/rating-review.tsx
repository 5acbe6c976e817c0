// A trade's review (spec 001 Bid Detail; issue 22 part 2): the 1–5 star control with hover and keyboard, the
// Source dropdown (New, Approved, Rejected) and Submit Review. It shows the caller's side's latest review of the
// trade and lets that side change it: a change is a new row, the latest wins. Mounted by the Bid Detail page.
import { RATING_SOURCES, type RatingSource } from '@spirit/domain/ratings/ratings.constants';
import { useId, useState } from 'react';
import { errorText } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { formatDateTime } from '../../../ui/format';
import { ErrorState, LoadingState } from '../../../ui/status-states';
import { useToast } from '../../../ui/toast';
import { useBidRating } from '../api/get-bid-rating';
import { useReviewDistillery } from '../api/review-distillery';
import { ratingWords, StarInput } from './star-input';
import './ratings.css';

export type RatingReviewProps = {
  /** The Approved trade. */
  bidId: number;
  /** The other party's distillery of the trade: the one the caller's side rates. */
  toDistilleryId: number;
  toDistilleryName?: string;
};

export function RatingReview({ bidId, toDistilleryId, toDistilleryName }: RatingReviewProps) {
  const latest = useBidRating(bidId);
  if (latest.isPending) return <LoadingState label="Loading your review…" />;
  if (latest.isError) return <ErrorState message={errorText(latest.error)} onRetry={() => void latest.refetch()} />;
  // A new review resets the form to what was saved.
  return (
    <ReviewForm
      key={latest.data?.id ?? 'none'}
      bidId={bidId}
      toDistilleryId={toDistilleryId}
      toDistilleryName={toDistilleryName}
      saved={latest.data}
    />
  );
}

type Saved = NonNullable<ReturnType<typeof useBidRating>['data']>;

function ReviewForm({ bidId, toDistilleryId, toDistilleryName, saved }: RatingReviewProps & { saved: Saved | null }) {
  const toast = useToast();
  const review = useReviewDistillery();
  const labelId = useId();
  const sourceId = useId();
  const [rating, setRating] = useState<number | null>(saved?.rating ?? null);
  const [source, setSource] = useState<RatingSource>(saved?.source ?? 'New');
  const [error, setError] = useState<string | null>(null);
  const changed = !saved || saved.rating !== rating || saved.source !== source;

  const submit = async () => {
    if (!rating) {
      setError('Choose 1 to 5 stars');
      return;
    }
    setError(null);
    try {
      const { message } = await review.mutateAsync([
        { bid_id: bidId, rating, source, to_distillery_id: toDistilleryId },
      ]);
      toast.success(message);
    } catch (err) {
      setError(errorText(err));
      toast.failure(errorText(err));
    }
  };

  return (
    <section className="rating-review" aria-labelledby={`${labelId}-title`}>
      <h3 id={`${labelId}-title`} className="rating-review-title">
        Rate {toDistilleryName ?? 'the other party’s distillery'}
      </h3>
      {saved ? (
        <p className="rating-review-saved" role="status">
          Your review: {ratingWords(saved.rating)}, source {saved.source}, on {formatDateTime(saved.created_on)}.
          Submitting again replaces it.
        </p>
      ) : (
        <p className="rating-review-saved muted">Your side has not reviewed this trade yet.</p>
      )}
      <div className="rating-review-fields">
        <div className="field">
          <div className="field-label">
            <span id={labelId}>Rating</span>
          </div>
          <StarInput labelledBy={labelId} value={rating} onChange={setRating} invalid={!!error && !rating} />
        </div>
        <div className="field">
          <div className="field-label">
            <label htmlFor={sourceId}>Source</label>
          </div>
          <select
            id={sourceId}
            className="p-inputtext native-select"
            value={source}
            onChange={(event) => setSource(event.target.value as RatingSource)}
          >
            {RATING_SOURCES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button
        label="Submit Review"
        loading={review.isPending}
        disabled={!changed || review.isPending}
        onClick={() => void submit()}
      />
    </section>
  );
}
