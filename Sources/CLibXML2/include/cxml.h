// libxml2's SAX2 push parser as Swift sees it (see NewsCore/Ingest/XML/SAXDriver.swift), loaded
// with dlopen at the first parse rather than linked: a start from the cache parses no XML, and
// libxml2 brings ICU, liblzma and zlib, which the dynamic linker would otherwise map and relocate
// before `main` (about a MiB resident; see the start benchmark's resident line).
//
// The types and constants come from libxml2's headers (include/libxml is a link to
// /usr/include/libxml2/libxml, from libxml2-dev: a module map cannot add a search path, and a
// C target's include folder is the one every importer searches); every function goes through
// the wrappers below.
#ifndef HEADLINES_CXML_H
#define HEADLINES_CXML_H

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h then includes the system ICU headers, which
// clash with the ICU module Foundation brings. Nothing here uses libxml2's ICU converters (feeds
// reach the parser as UTF-8), so the headers are read without them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <stddef.h>

/// Loads libxml2 (once, from any thread) and runs xmlInitParser. 0 when it is ready; else -1
/// with one sentence of why in `message` (at most `size` bytes, NUL-terminated).
int cxml_load(char *message, size_t size);

// The wrappers below may be called only once cxml_load has answered 0.

/// Sends libxml2's generic error messages (some paths still print them to stderr, bypassing the
/// structured handler) nowhere, for the calling thread: parsers call it first.
void cxml_silence_generic_errors(void);
xmlParserCtxtPtr cxml_create_push_parser(xmlSAXHandlerPtr handler, void *context);
int cxml_use_options(xmlParserCtxtPtr parser, int options);
int cxml_parse_chunk(xmlParserCtxtPtr parser, const char *bytes, int size, int terminate);
void cxml_stop_parser(xmlParserCtxtPtr parser);
void cxml_free_parser(xmlParserCtxtPtr parser);
int cxml_line_number(xmlParserCtxtPtr parser);

#endif
