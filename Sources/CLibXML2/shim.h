// libxml2's SAX2 push parser, for reading feeds and OPML (see NewsCore/Ingest/XML/SAXDriver.swift).
// Headers from libxml2-dev; pkg-config (libxml-2.0) adds -I/usr/include/libxml2.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h then includes the system ICU headers, which
// clash with the ICU module Foundation brings. Nothing here uses libxml2's ICU converters (feeds
// reach the parser as UTF-8), so the headers are read without them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// libxml2 writes some complaints (an encoding it cannot convert, say) through its generic error
// handler, which prints to stderr, not to the structured handler the parsers install. The
// handler is per thread, and a variadic function Swift cannot write: parsers call this first.
static void headlines_ignore_libxml_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline void headlines_silence_libxml_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, headlines_ignore_libxml_message);
}
