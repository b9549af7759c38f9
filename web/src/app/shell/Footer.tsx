/** Footer: year and website name. */
export function Footer({ websiteName }: { websiteName: string }) {
  return (
    <footer className="hl-footer">
      © {new Date().getFullYear()} {websiteName}
    </footer>
  );
}
