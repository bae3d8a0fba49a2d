-- A review's captures get a small first-screen preview (WebP) for the galleries and the solution page
-- (docs/decisions/019-first-visit-budgets.md); reviews stored before keep none and show the capture.
ALTER TABLE "review_breakpoints" ADD COLUMN "preview_key" text;
