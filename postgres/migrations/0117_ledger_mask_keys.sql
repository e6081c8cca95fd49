-- API keys sent as `?key=` were stored in clear in the ledger's reference (the request URL) and shown in records and
-- exports. New rows keep the key masked (members/api-keys.ts maskKeyInUrl); this masks the rows written before the
-- same way: the key's first 10 characters and an ellipsis.
UPDATE api_ledger
SET ref = regexp_replace(ref, '([?&]key=)([^&#]{0,10})[^&#]*', '\1\2…', 'g')
WHERE ref ~ '[?&]key=';
