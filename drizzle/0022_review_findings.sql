-- Each breakpoint of a review keeps its element review, { version: 1, agreement, findings }
-- (docs/decisions/021-element-review.md): what differs element by element, which the report shows
-- (docs/product.md §10). Reviews stored before keep none and read as no findings.
ALTER TABLE "review_breakpoints" ADD COLUMN "elements" jsonb;
