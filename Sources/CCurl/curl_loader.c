// See ccurl.h: libcurl's functions, found with dlsym once at the first transfer.
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Each pointer has the exact type of the function it stands for.
#define CCURL_FUNCTIONS(X)                                                                         \
    X(curl_global_init)                                                                            \
    X(curl_easy_init)                                                                              \
    X(curl_easy_cleanup)                                                                           \
    X(curl_easy_strerror)                                                                          \
    X(curl_easy_setopt)                                                                            \
    X(curl_easy_getinfo)                                                                           \
    X(curl_slist_append)                                                                           \
    X(curl_slist_free_all)                                                                         \
    X(curl_multi_init)                                                                             \
    X(curl_multi_cleanup)                                                                          \
    X(curl_multi_setopt)                                                                           \
    X(curl_multi_add_handle)                                                                       \
    X(curl_multi_remove_handle)                                                                    \
    X(curl_multi_perform)                                                                          \
    X(curl_multi_poll)                                                                             \
    X(curl_multi_wakeup)                                                                           \
    X(curl_multi_info_read)                                                                        \
    X(curl_multi_strerror)

#define CCURL_DECLARE(name) static __typeof__(name) *p_##name;
CCURL_FUNCTIONS(CCURL_DECLARE)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512] = "libcurl could not be loaded";

// The sonames Debian's three builds of libcurl 4 carry (one ABI): OpenSSL's, the headers' own, first.
static const char *const libraries[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"};

static void load(void) {
    void *library = NULL;
    const char *why = "no library was tried";
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0] && library == NULL; i++) {
        library = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) why = dlerror();
    }
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "libcurl could not be loaded (%s)", why ? why : "unknown reason");
        return;
    }
#define CCURL_FIND(name)                                                                           \
    p_##name = (__typeof__(name) *)dlsym(library, #name);                                          \
    if (p_##name == NULL) {                                                                        \
        snprintf(load_error, sizeof load_error, "the libcurl found lacks %s (it is older than 7.68)", #name); \
        return;                                                                                    \
    }
    CCURL_FUNCTIONS(CCURL_FIND)
    if (p_curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not be set up (curl_global_init failed)");
        p_curl_easy_init = NULL;
        return;
    }
    load_error[0] = '\0';
}

int ccurl_load(char *message, size_t size) {
    pthread_once(&load_once, load);
    if (load_error[0] == '\0') return 0;
    if (message != NULL && size > 0) snprintf(message, size, "%s", load_error);
    return -1;
}

CURL *ccurl_easy_init(void) { return p_curl_easy_init(); }
void ccurl_easy_cleanup(CURL *easy) { p_curl_easy_cleanup(easy); }
const char *ccurl_easy_strerror(CURLcode code) { return p_curl_easy_strerror(code); }

CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) { return p_curl_easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) { return p_curl_easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) { return p_curl_easy_setopt(easy, option, value); }
CURLcode ccurl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return p_curl_easy_setopt(easy, option, value);
}
CURLcode ccurl_easy_setopt_data_callback(CURL *easy, CURLoption option, ccurl_data_callback value) {
    return p_curl_easy_setopt(easy, option, value);
}
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) { return p_curl_easy_getinfo(easy, info, value); }
CURLcode ccurl_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) { return p_curl_easy_getinfo(easy, info, value); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) { return p_curl_slist_append(list, text); }
void ccurl_slist_free_all(struct curl_slist *list) { p_curl_slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return p_curl_multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return p_curl_multi_cleanup(multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return p_curl_multi_setopt(multi, option, value); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy) { return p_curl_multi_add_handle(multi, easy); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy) { return p_curl_multi_remove_handle(multi, easy); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return p_curl_multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds) {
    return p_curl_multi_poll(multi, extra, count, timeout_ms, numfds);
}
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return p_curl_multi_wakeup(multi); }
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued) { return p_curl_multi_info_read(multi, queued); }
const char *ccurl_multi_strerror(CURLMcode code) { return p_curl_multi_strerror(code); }
