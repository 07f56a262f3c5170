// libcurl as Swift sees it, loaded with dlopen at the first transfer rather than linked: a start
// from the cache never fetches, and libcurl brings some thirty libraries (OpenSSL, gnutls through
// librtmp, Kerberos, LDAP, ICU...) that the dynamic linker would otherwise map, relocate and
// page in before `main` (several MiB resident; see the start benchmark's resident line).
//
// The types and constants come from <curl/curl.h>; every function goes through these wrappers,
// which also give the variadic setopt/getinfo forms a type Swift can call.
#ifndef HEADLINES_CCURL_H
#define HEADLINES_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl (once, from any thread) and runs curl_global_init. 0 when it is ready; else -1
/// with one sentence of why in `message` (at most `size` bytes, NUL-terminated).
int ccurl_load(char *message, size_t size);

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *userdata);

// The wrappers below may be called only once ccurl_load has answered 0.

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *easy);
const char *ccurl_easy_strerror(CURLcode code);
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode ccurl_easy_setopt_string(CURL *easy, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value);
/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
CURLcode ccurl_easy_setopt_data_callback(CURL *easy, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued);
const char *ccurl_multi_strerror(CURLMcode code);

/// The result of a finished transfer from a CURLMSG_DONE message (a union member).
static inline CURLcode ccurl_msg_result(const CURLMsg *message) { return message->data.result; }

#endif
