/** The same server and credentials, another database. */
export function dbUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Where CREATE/DROP DATABASE are issued from: the database named in DATABASE_URL. */
export function adminUrl(url: string): string {
  return url;
}
