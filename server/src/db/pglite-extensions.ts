/**
 * The extensions the migrations create (pg_trgm: trigram search and similar titles;
 * btree_gist: the call time inside the similar-titles GiST index, migration 035), as PGlite
 * loads them. Every place that opens an embedded database — the server, backup, restore —
 * passes this to `PGlite.create`, so a database made by one opens in the others.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  return { pg_trgm, btree_gist };
}
