/** The demo admin's password, printed in the README: only ever seeded into an embedded, local database. */
export const DEMO_ADMIN_PASSWORD = 'Admin@12345';
