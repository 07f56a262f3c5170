// See cxml.h: libxml2's functions, found with dlsym once at the first parse.
#include "cxml.h"

#include <dlfcn.h>
#include <libxml/SAX2.h>
#include <pthread.h>
#include <stdio.h>

// Each pointer has the exact type of the function it stands for.
#define CXML_FUNCTIONS(X)                                                                          \
    X(xmlInitParser)                                                                               \
    X(xmlSetGenericErrorFunc)                                                                      \
    X(xmlCreatePushParserCtxt)                                                                     \
    X(xmlCtxtUseOptions)                                                                           \
    X(xmlParseChunk)                                                                               \
    X(xmlStopParser)                                                                               \
    X(xmlFreeParserCtxt)                                                                           \
    X(xmlSAX2GetLineNumber)

#define CXML_DECLARE(name) static __typeof__(name) *p_##name;
CXML_FUNCTIONS(CXML_DECLARE)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512] = "libxml2 could not be loaded";

static void load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "libxml2 could not be loaded (%s)", why ? why : "unknown reason");
        return;
    }
#define CXML_FIND(name)                                                                            \
    p_##name = (__typeof__(name) *)dlsym(library, #name);                                          \
    if (p_##name == NULL) {                                                                        \
        snprintf(load_error, sizeof load_error, "the libxml2 found lacks %s", #name);              \
        return;                                                                                    \
    }
    CXML_FUNCTIONS(CXML_FIND)
    p_xmlInitParser();
    load_error[0] = '\0';
}

int cxml_load(char *message, size_t size) {
    pthread_once(&load_once, load);
    if (load_error[0] == '\0') return 0;
    if (message != NULL && size > 0) snprintf(message, size, "%s", load_error);
    return -1;
}

// libxml2's generic handler is variadic, which Swift cannot write.
static void ignore_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void cxml_silence_generic_errors(void) { p_xmlSetGenericErrorFunc(NULL, ignore_message); }

xmlParserCtxtPtr cxml_create_push_parser(xmlSAXHandlerPtr handler, void *context) {
    return p_xmlCreatePushParserCtxt(handler, context, NULL, 0, NULL);
}

int cxml_use_options(xmlParserCtxtPtr parser, int options) { return p_xmlCtxtUseOptions(parser, options); }

int cxml_parse_chunk(xmlParserCtxtPtr parser, const char *bytes, int size, int terminate) {
    return p_xmlParseChunk(parser, bytes, size, terminate);
}

void cxml_stop_parser(xmlParserCtxtPtr parser) { p_xmlStopParser(parser); }
void cxml_free_parser(xmlParserCtxtPtr parser) { p_xmlFreeParserCtxt(parser); }
int cxml_line_number(xmlParserCtxtPtr parser) { return p_xmlSAX2GetLineNumber(parser); }
