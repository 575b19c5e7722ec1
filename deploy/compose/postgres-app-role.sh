#!/bin/sh
# compose.yaml: run once by the postgres image on an empty volume (/docker-entrypoint-initdb.d), as the superuser.
# The apps' role: it logs in and owns its database (migrations, pg-boss's schema), and nothing else.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v app_password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE mercadogamer LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
CREATE DATABASE mercadogamer OWNER mercadogamer;
REVOKE ALL ON DATABASE mercadogamer FROM PUBLIC;
SQL
