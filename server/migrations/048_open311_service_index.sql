-- Open311 requests of one service in page order (docs/performance.md, "Fortieth session").
--
-- `requests.json?service_code=…` read the 90-day window newest first through
-- open311_requests_created_at and fetched each request from the table to test its service: at
-- ten million orders (374,000 requests, 46,000 in the window) the busiest service's page of
-- 1,000 read about two thirds of the window that way (SQL p50 28.5 ms against 11.9 for the
-- unfiltered page; API p95 108 ms, goal 100). Keyed by the service, the page reads its own
-- entries only; is_open rides along for `&status=`.
CREATE INDEX open311_requests_service_idx ON open311_requests (service_code, created_at, order_id)
  INCLUDE (is_open);
