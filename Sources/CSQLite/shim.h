// SQLite 3 (Debian's libsqlite3-dev) as Swift can see it. SQLITE_TRANSIENT and SQLITE_STATIC
// are casts of integers to function pointers, which Swift cannot import: they are wrapped here.
#ifndef HEADLINES_CSQLITE_SHIM_H
#define HEADLINES_CSQLITE_SHIM_H

#include <sqlite3.h>
#include "headlines_rank.h"

/// Tells sqlite3_bind_text to copy the bytes before it returns.
static inline sqlite3_destructor_type hl_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
