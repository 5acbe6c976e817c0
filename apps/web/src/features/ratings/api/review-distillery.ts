import type { RatingRowInput } from '@spirit/domain/ratings/ratings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The lists and pages that show Your Rating, Industry Rating and Source read the new rows at once. */
const SHOWING_RATINGS = ['getAllBids', 'getBidById', 'getAllPossibleOffer', 'getBidRating', 'getOrderById'];

export function useReviewDistillery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: RatingRowInput[]) => call('reviewDistillery', { rating_details: rows }),
    onSuccess: () => Promise.all(SHOWING_RATINGS.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
