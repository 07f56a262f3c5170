// Reading a JPEG (baseline or progressive) from memory through libjpeg-turbo, with its own
// scaling, as 8-bit RGB rows.
#ifndef HEADLINES_JPEG_READER_H
#define HEADLINES_JPEG_READER_H

#include <stddef.h>
#include <stdint.h>
#include "image_status.h"

#pragma clang assume_nonnull begin

typedef struct hl_jpeg_reader hl_jpeg_reader;

/// The most scans a progressive file may have: each one is a pass over the whole image, so a
/// file of thousands of tiny scans costs minutes (libjpeg-turbo 3 has the same guard).
#define HL_JPEG_MAX_SCANS 500

/// A reader over `size` bytes at `data`, which must stay valid until `hl_jpeg_destroy`.
/// `max_memory` bounds libjpeg's buffers (a progressive image keeps all its coefficients);
/// `cancelled` may be NULL. NULL when out of memory.
hl_jpeg_reader *_Nullable hl_jpeg_create(const unsigned char *data, size_t size, uint64_t max_pixels,
                               size_t max_memory, hl_cancel_check _Nullable cancelled);

/// Reads the markers up to the first scan. Sets the size even when it returns
/// HL_IMAGE_TOO_LARGE, or HL_IMAGE_NEEDS_TOO_MUCH_MEMORY when a progressive (or multi-scan)
/// file's coefficient buffers would pass `max_memory` (both checked before
/// jpeg_start_decompress allocates anything).
hl_image_status hl_jpeg_read_header(hl_jpeg_reader *reader, uint32_t *width, uint32_t *height);

/// Starts decoding at 1/`scale_denominator` of the size (1, 2, 4 or 8) and reports the
/// output size. A progressive file is read whole here.
hl_image_status hl_jpeg_start(hl_jpeg_reader *reader, unsigned scale_denominator,
                              uint32_t *output_width, uint32_t *output_height);

/// Reads up to `max_rows` (at most 16) output rows of `output_width * 3` bytes, `stride`
/// bytes apart; `rows_read` is 0 at the end.
hl_image_status hl_jpeg_read_rows(hl_jpeg_reader *reader, unsigned char *_Nullable rgb, size_t stride,
                                  uint32_t max_rows, uint32_t *rows_read);

/// Why the last call failed, in libjpeg's words (or ours).
const char *hl_jpeg_message(const hl_jpeg_reader *reader);

void hl_jpeg_destroy(hl_jpeg_reader *_Nullable reader);

#pragma clang assume_nonnull end

#endif
