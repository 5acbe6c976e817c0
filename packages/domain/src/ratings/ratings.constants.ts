// Ratings of a distillery by a company (spec 001 /ratings, bid detail; DESIGN.md §4 "Ratings and source").

/** The rater's supplier-qualification status for the distillery. */
export const RATING_SOURCES = ['New', 'Approved', 'Rejected'] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Rows one reviewDistillery call may carry: a form's review table, never a bulk import. */
export const MAX_REVIEW_ROWS = 50;

export const RATING_BANDS = ['low', 'medium', 'high'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

export const RATING_MESSAGES = {
  saved: 'Review submitted successfully',
  exported: 'Ratings exported successfully',
  rating: 'Rating must be 1 to 5 stars',
  source: 'Source must be New, Approved or Rejected',
  noRows: 'Add at least one row',
  tooManyRows: `At most ${MAX_REVIEW_ROWS} rows can be saved at once`,
  ownCompany: 'You cannot rate your own company',
  sameType: 'Rate a distillery of a company of the opposite type',
  fromCompany: 'You can rate only from your own company',
  fromCompanyMissing: 'Please select the company that rates',
  fromDistillery: 'The distillery is not one of the rating company’s',
  fromDistilleryMissing: 'Please select the distillery that rates',
  toDistillery: 'Distillery not found',
  toCompany: 'The distillery is not one of the chosen company’s',
  companyNotFound: 'Company not found',
  adminOnly: 'Only a company Admin or the SuperAdmin can enter ratings',
  bidNotFound: 'Bid not found',
  bidNotApproved: 'Only an approved trade can be reviewed',
  bidDistillery: 'A trade’s review is of the other party’s distillery of that trade',
} as const;
