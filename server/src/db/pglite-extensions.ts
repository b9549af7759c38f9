/**
 * The extensions the migrations create (pg_trgm: trigram search and similar titles;
 * btree_gist: the call time inside the similar-titles GiST index, migration 035; intarray, in
 * its own schema: the units that see an order inside that index, migration 040), as PGlite
 * loads them. Every place that opens an embedded database — the server, backup, restore —
 * passes this to `PGlite.create`, so a database made by one opens in the others.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gist }, { intarray }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/intarray'),
  ]);
  return { pg_trgm, btree_gist, intarray };
}
