// The Search screen's ranking function, `headlines_rank`, registered with FTS5 on the store's
// connection. Debian's libsqlite3-dev ships no fts5.h, so the parts of its (stable, versioned)
// interface used here are declared below, as in SQLite 3.40's fts5.h.
//
// Why not FTS5's own `bm25`: before its first row it counts, over the whole index, the articles
// holding each phrase (each phrase's IDF). For a query of one phrase that count only scales
// every score alike, so it cannot change the order, yet it cost as much as the search itself
// (13 ms of a 30 ms search for a phrase of two common words, 12 ms for a broad prefix, at
// 100,000 articles). `headlines_rank` is bm25 (k1 = 1.2, b = 0.75, the same column weights and
// lengths) with every IDF 1: the same order as `bm25` for one phrase; for several, each phrase
// counts alike (the store uses `bm25` there).
#ifndef HEADLINES_RANK_H
#define HEADLINES_RANK_H

#include <sqlite3.h>
#include <string.h>

typedef struct hl_fts5_context hl_fts5_context;
typedef struct hl_fts5_phrase_iter { const unsigned char *a; const unsigned char *b; } hl_fts5_phrase_iter;

/// Fts5ExtensionApi, version 2 (fields in fts5.h's order).
typedef struct hl_fts5_extension_api hl_fts5_extension_api;
struct hl_fts5_extension_api {
    int iVersion;
    void *(*xUserData)(hl_fts5_context *);
    int (*xColumnCount)(hl_fts5_context *);
    int (*xRowCount)(hl_fts5_context *, sqlite3_int64 *pnRow);
    int (*xColumnTotalSize)(hl_fts5_context *, int iCol, sqlite3_int64 *pnToken);
    int (*xTokenize)(hl_fts5_context *, const char *pText, int nText, void *pCtx,
                     int (*xToken)(void *, int, const char *, int, int, int));
    int (*xPhraseCount)(hl_fts5_context *);
    int (*xPhraseSize)(hl_fts5_context *, int iPhrase);
    int (*xInstCount)(hl_fts5_context *, int *pnInst);
    int (*xInst)(hl_fts5_context *, int iIdx, int *piPhrase, int *piCol, int *piOff);
    sqlite3_int64 (*xRowid)(hl_fts5_context *);
    int (*xColumnText)(hl_fts5_context *, int iCol, const char **pz, int *pn);
    int (*xColumnSize)(hl_fts5_context *, int iCol, int *pnToken);
    int (*xQueryPhrase)(hl_fts5_context *, int iPhrase, void *pUserData,
                        int (*)(const hl_fts5_extension_api *, hl_fts5_context *, void *));
    int (*xSetAuxdata)(hl_fts5_context *, void *pAux, void (*xDelete)(void *));
    void *(*xGetAuxdata)(hl_fts5_context *, int bClear);
    int (*xPhraseFirst)(hl_fts5_context *, int iPhrase, hl_fts5_phrase_iter *, int *, int *);
    void (*xPhraseNext)(hl_fts5_context *, hl_fts5_phrase_iter *, int *piCol, int *piOff);
    int (*xPhraseFirstColumn)(hl_fts5_context *, int iPhrase, hl_fts5_phrase_iter *, int *);
    void (*xPhraseNextColumn)(hl_fts5_context *, hl_fts5_phrase_iter *, int *piCol);
};

typedef void (*hl_fts5_extension_function)(const hl_fts5_extension_api *, hl_fts5_context *, sqlite3_context *,
                                           int nVal, sqlite3_value **apVal);

/// fts5_api, version 2; the tokenizer entries are not used here.
typedef struct hl_fts5_api hl_fts5_api;
struct hl_fts5_api {
    int iVersion;
    void *xCreateTokenizer;
    void *xFindTokenizer;
    int (*xCreateFunction)(hl_fts5_api *, const char *zName, void *pContext,
                           hl_fts5_extension_function xFunction, void (*xDestroy)(void *));
};

/// Phrases one query may hold (the store's queries hold at most 16; written-out prefixes, ranked
/// as one phrase, any number).
#define HL_RANK_MAX_PHRASES 64

/// The average length of an article, read once per query (as bm25 does); NULL after setting
/// the error.
static double *hl_rank_average(const hl_fts5_extension_api *api, hl_fts5_context *fts, sqlite3_context *ctx) {
    double *average = (double *)api->xGetAuxdata(fts, 0);
    if (average) return average;
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(ctx, rc); return 0; }
    average = (double *)sqlite3_malloc(sizeof(double));
    if (!average) { sqlite3_result_error_nomem(ctx); return 0; }
    *average = rows > 0 && tokens > 0 ? (double)tokens / (double)rows : 1.0;
    rc = api->xSetAuxdata(fts, average, sqlite3_free);  // frees it on failure
    if (rc != SQLITE_OK) { sqlite3_result_error_code(ctx, rc); return 0; }
    return average;
}

/// The current row's score (lower is better), the columns weighed by `weights`: 1 when it is
/// in `*score`, 0 after setting the error.
static int hl_rank_score(const hl_fts5_extension_api *api, hl_fts5_context *fts, sqlite3_context *ctx,
                         int nWeights, sqlite3_value **weights, double *score) {
    const double k1 = 1.2, b = 0.75;
    double *average = hl_rank_average(api, fts, ctx);
    if (!average) return 0;
    int phrases = api->xPhraseCount(fts);
    if (phrases > HL_RANK_MAX_PHRASES && !api->xUserData(fts)) { sqlite3_result_error(ctx, "headlines_rank: too many phrases", -1); return 0; }
    // A query of alternatives (`headlines_rank_any`) counts as one phrase: every instance is of it.
    int onePhrase = api->xUserData(fts) != 0;
    if (onePhrase) phrases = 1;
    double frequency[HL_RANK_MAX_PHRASES] = {0};
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (onePhrase) phrase = 0;
        if (rc == SQLITE_OK && phrase >= 0 && phrase < phrases) {
            frequency[phrase] += column < nWeights ? sqlite3_value_double(weights[column]) : 1.0;
        }
    }
    int length = 0;
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &length);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(ctx, rc); return 0; }
    double norm = k1 * (1 - b + b * (double)length / *average);
    double sum = 0;
    for (int i = 0; i < phrases; i++) sum += frequency[i] * (k1 + 1.0) / (frequency[i] + norm);
    *score = -sum;
    return 1;
}

/// headlines_rank(table, weight of column 0, weight of column 1, ...): lower is better, as bm25.
static void hl_rank(const hl_fts5_extension_api *api, hl_fts5_context *fts, sqlite3_context *ctx,
                    int nVal, sqlite3_value **apVal) {
    double score = 0;
    if (hl_rank_score(api, fts, ctx, nVal, apVal, &score)) sqlite3_result_double(ctx, score);
}

/// What `headlines_rank_newest` fills in: the caller sets `limit` and the two arrays (of `limit`
/// entries each) and binds it with `hl_bind_newest`.
typedef struct hl_newest {
    sqlite3_int64 limit;
    sqlite3_int64 count;    // the rows it was called for
    sqlite3_int64 scored;   // the first rows, up to `limit`, in `rowids` and `scores`
    sqlite3_int64 *rowids;
    double *scores;
} hl_newest;

#define HL_NEWEST_POINTER_TYPE "headlines_newest"

static inline int hl_bind_newest(sqlite3_stmt *statement, int index, hl_newest *newest) {
    return sqlite3_bind_pointer(statement, index, newest, HL_NEWEST_POINTER_TYPE, 0);
}

/// headlines_rank_newest(table, newest, weight of column 0, ...), in a WHERE clause: counts the
/// rows in `newest` and keeps the first `limit` rows' ids and scores (headlines_rank's), then
/// is false, so the query returns no row. With ORDER BY rowid DESC, one pass over the matches
/// counts them all and ranks the newest, at the cost of a count (the Search screen's first
/// screenful; FTS5 expands a prefix anew for each query).
static void hl_rank_newest(const hl_fts5_extension_api *api, hl_fts5_context *fts, sqlite3_context *ctx,
                           int nVal, sqlite3_value **apVal) {
    hl_newest *newest = nVal > 0 ? (hl_newest *)sqlite3_value_pointer(apVal[0], HL_NEWEST_POINTER_TYPE) : 0;
    if (!newest) { sqlite3_result_error(ctx, "headlines_rank_newest: nothing to fill in", -1); return; }
    if (newest->scored < newest->limit) {
        sqlite3_int64 rowid = api->xRowid(fts);
        if (newest->scored > 0 && rowid >= newest->rowids[newest->scored - 1]) {
            sqlite3_result_error(ctx, "headlines_rank_newest: the rows are not read newest first", -1);
            return;
        }
        double score = 0;
        if (!hl_rank_score(api, fts, ctx, nVal - 1, apVal + 1, &score)) return;
        newest->rowids[newest->scored] = rowid;
        newest->scores[newest->scored] = score;
        newest->scored++;
    }
    newest->count++;
    sqlite3_result_int(ctx, 0);
}

/// What `headlines_count_any` marks: one bit a row id from `lowest` on, `span` of them.
typedef struct hl_row_marks {
    sqlite3_int64 lowest;
    sqlite3_int64 span;
    sqlite3_int64 count;
    unsigned char *bits;
} hl_row_marks;

/// The most row ids `headlines_count_any` marks (a 16 MiB bitmap): more ids than any cache holds.
#define HL_COUNT_MAX_SPAN ((sqlite3_int64)1 << 27)

static int hl_mark_row(const hl_fts5_extension_api *api, hl_fts5_context *fts, void *user) {
    hl_row_marks *marks = (hl_row_marks *)user;
    sqlite3_int64 at = api->xRowid(fts) - marks->lowest;
    if (at < 0 || at >= marks->span) return SQLITE_RANGE;
    unsigned char bit = (unsigned char)(1u << (at & 7));
    if (!(marks->bits[at >> 3] & bit)) {
        marks->bits[at >> 3] |= bit;
        marks->count++;
    }
    return SQLITE_OK;
}

/// headlines_count_any(table, lowest row id, highest row id), on any one row of a query of
/// alternatives (`a OR b OR ...`): how many rows match at least one, or SQLITE_RANGE when a
/// match lies outside the ids given. FTS5 walks an OR a row at a time, looking at every
/// alternative for each (18 ms for 82 of them over 49,000 rows at 100,000 articles); walking
/// each alternative's own rows into a bitmap costs a third of that.
static void hl_count_any(const hl_fts5_extension_api *api, hl_fts5_context *fts, sqlite3_context *ctx,
                         int nVal, sqlite3_value **apVal) {
    if (nVal != 2) { sqlite3_result_error(ctx, "headlines_count_any: give the lowest and highest row id", -1); return; }
    hl_row_marks marks = {sqlite3_value_int64(apVal[0]), 0, 0, 0};
    sqlite3_int64 highest = sqlite3_value_int64(apVal[1]);
    if (highest < marks.lowest || highest - marks.lowest >= HL_COUNT_MAX_SPAN) { sqlite3_result_error_code(ctx, SQLITE_RANGE); return; }
    marks.span = highest - marks.lowest + 1;
    marks.bits = (unsigned char *)sqlite3_malloc64((sqlite3_uint64)(marks.span / 8 + 1));
    if (!marks.bits) { sqlite3_result_error_nomem(ctx); return; }
    memset(marks.bits, 0, (size_t)(marks.span / 8 + 1));
    int rc = SQLITE_OK;
    int phrases = api->xPhraseCount(fts);
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) rc = api->xQueryPhrase(fts, i, &marks, hl_mark_row);
    sqlite3_free(marks.bits);
    if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
    else sqlite3_result_int64(ctx, marks.count);
}

/// Registers `headlines_rank`, `headlines_rank_any` (the same, a query of alternatives counting
/// as one phrase), `headlines_rank_newest` and `headlines_count_any` on `db`: SQLITE_OK, or why not.
static inline int hl_register_rank(sqlite3 *db) {
    hl_fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    rc = api->xCreateFunction(api, "headlines_rank", 0, hl_rank, 0);
    if (rc != SQLITE_OK) return rc;
    static int onePhrase = 1;
    rc = api->xCreateFunction(api, "headlines_rank_any", &onePhrase, hl_rank, 0);
    if (rc != SQLITE_OK) return rc;
    rc = api->xCreateFunction(api, "headlines_count_any", 0, hl_count_any, 0);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "headlines_rank_newest", 0, hl_rank_newest, 0);
}

#endif
