// libcurl as Swift can see it. Swift cannot call C variadic functions, so each
// curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt form we use is wrapped in a
// typed function; macros built from other macros are wrapped too.
#ifndef HEADLINES_CCURL_SHIM_H
#define HEADLINES_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *userdata);

static inline CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
static inline CURLcode ccurl_easy_setopt_data_callback(CURL *easy, CURLoption option, ccurl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline long ccurl_global_default(void) { return CURL_GLOBAL_DEFAULT; }

/// The result of a finished transfer from a CURLMSG_DONE message (a union member).
static inline CURLcode ccurl_msg_result(const CURLMsg *message) { return message->data.result; }

#endif
