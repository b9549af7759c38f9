/**
 * Run from the root (`npm run admin:create -- …`, `npm run backup -- …`), npm starts a
 * server CLI in server/: paths the user typed (`--out`, a relative DATA_DIR) are meant from
 * where they typed them, as with `npm start` — so the embedded database is the one `npm start`
 * uses (./data/pglite), not server/data/pglite.
 */
export function fromCallersFolder(): void {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
}
