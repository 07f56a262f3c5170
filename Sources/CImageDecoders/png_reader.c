// libpng reports errors by calling an error function that must not return; ours records the
// reason and longjmps to the setjmp at the top of whichever hl_png_* function is running, which
// returns a status. Nothing here exits, aborts or jumps over a Swift frame.
#include "png_reader.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Ancillary chunks can hold compressed text or profiles; a preview needs none of them.
#define HL_PNG_CHUNK_MALLOC_MAX (4u << 20)
#define HL_PNG_CHUNK_CACHE_MAX 64u

struct hl_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    uint64_t max_pixels;
    unsigned char background[3];
    uint32_t width;
    uint32_t height;
    int header_read;
    int failed;        // after a longjmp libpng's state is undefined: no further reads
    int channels;      // after the transforms: 3 (RGB) or 4 (RGBA)
    int passes;        // 7 when interlaced, else 1
    int pass;          // the pass being read; == passes at the end
    uint32_t pass_row; // the next row within the pass
    unsigned char *row;
    char message[HL_IMAGE_MESSAGE_LENGTH];
};

static void hl_png_set_message(hl_png_reader *reader, const char *text) {
    snprintf(reader->message, sizeof reader->message, "%s", text);
}

static void hl_png_on_error(png_structp png, png_const_charp text) {
    hl_png_reader *reader = png_get_error_ptr(png);
    if (reader != NULL && reader->message[0] == '\0') {
        snprintf(reader->message, sizeof reader->message, "PNG: %s", text != NULL ? text : "unknown error");
    }
    png_longjmp(png, 1);
}

static void hl_png_on_warning(png_structp png, png_const_charp text) {
    // Warnings (an ancillary chunk with a bad CRC, say) do not stop a preview.
    (void)png;
    (void)text;
}

static void hl_png_read_bytes(png_structp png, png_bytep out, size_t length) {
    hl_png_reader *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        hl_png_set_message(reader, "PNG data ends early");
        png_error(png, "data ends early");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

hl_png_reader *hl_png_create(const unsigned char *data, size_t size, uint64_t max_pixels,
                             unsigned char background_red, unsigned char background_green,
                             unsigned char background_blue) {
    hl_png_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->size = size;
    reader->max_pixels = max_pixels;
    reader->background[0] = background_red;
    reader->background[1] = background_green;
    reader->background[2] = background_blue;
    // Errors during creation are caught inside libpng (it returns NULL).
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, hl_png_on_error, hl_png_on_warning);
    if (reader->png == NULL) {
        free(reader);
        return NULL;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        free(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, hl_png_read_bytes);
    return reader;
}

/// Chunks libpng would otherwise decompress or keep: dropped unread.
static const png_byte hl_png_ignored_chunks[] = {
    'i', 'C', 'C', 'P', '\0', 'i', 'T', 'X', 't', '\0', 't', 'E', 'X', 't', '\0',
    'z', 'T', 'X', 't', '\0', 's', 'P', 'L', 'T', '\0', 'e', 'X', 'I', 'f', '\0',
};

static uint32_t hl_png_pass_columns(const hl_png_reader *reader, int pass) {
    return reader->passes == 1 ? reader->width : PNG_PASS_COLS(reader->width, pass);
}

static uint32_t hl_png_pass_rows(const hl_png_reader *reader, int pass) {
    return reader->passes == 1 ? reader->height : PNG_PASS_ROWS(reader->height, pass);
}

/// From `pass` on, the first pass with pixels (libpng skips empty passes the same way).
static int hl_png_next_pass(const hl_png_reader *reader, int pass) {
    while (pass < reader->passes &&
           (hl_png_pass_columns(reader, pass) == 0 || hl_png_pass_rows(reader, pass) == 0)) {
        pass++;
    }
    return pass;
}

hl_image_status hl_png_read_header(hl_png_reader *reader, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    if (reader->header_read) return HL_IMAGE_MISUSE;
    reader->header_read = 1;
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) {
        reader->failed = 1;
        return HL_IMAGE_DAMAGED;
    }

    // The pixel budget below is the limit, so that a giant header reads as "too large" (libpng's
    // own caps of a million a side would call it invalid); rows are allocated only after it.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_chunk_malloc_max(png, HL_PNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(png, HL_PNG_CHUNK_CACHE_MAX);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, hl_png_ignored_chunks,
                                (int)(sizeof hl_png_ignored_chunks / 5));
    png_read_info(png, info);

    reader->width = png_get_image_width(png, info);
    reader->height = png_get_image_height(png, info);
    *width = reader->width;
    *height = reader->height;
    if (reader->width > HL_IMAGE_MAX_SIDE || reader->height > HL_IMAGE_MAX_SIDE ||
        (uint64_t)reader->width * reader->height > reader->max_pixels) {
        return HL_IMAGE_TOO_LARGE;
    }

    int color_type = png_get_color_type(png, info);
    png_set_expand(png);  // palette to RGB, grey below 8 bits to 8, tRNS to an alpha channel
    if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    // Without png_set_interlace_handling libpng hands over each Adam7 pass's rows as they are,
    // so no full-size buffer is needed: the caller places the pixels.
    reader->passes = png_get_interlace_type(png, info) == PNG_INTERLACE_NONE ? 1 : 7;
    png_read_update_info(png, info);

    reader->channels = png_get_channels(png, info);
    if (png_get_bit_depth(png, info) != 8 || (reader->channels != 3 && reader->channels != 4)) {
        hl_png_set_message(reader, "PNG: unexpected pixel layout after conversion");
        return HL_IMAGE_UNSUPPORTED;
    }
    reader->row = malloc(png_get_rowbytes(png, info));
    if (reader->row == NULL) return HL_IMAGE_OUT_OF_MEMORY;
    reader->pass = hl_png_next_pass(reader, 0);
    return HL_IMAGE_OK;
}

/// Copies a row to RGB, compositing any alpha over the background.
static void hl_png_to_rgb(const hl_png_reader *reader, unsigned char *rgb, uint32_t count) {
    const unsigned char *source = reader->row;
    if (reader->channels == 3) {
        memcpy(rgb, source, (size_t)count * 3);
        return;
    }
    for (uint32_t i = 0; i < count; i++, source += 4, rgb += 3) {
        unsigned alpha = source[3];
        for (int c = 0; c < 3; c++) {
            rgb[c] = (unsigned char)((source[c] * alpha + reader->background[c] * (255 - alpha) + 127) / 255);
        }
    }
}

hl_image_status hl_png_read_row(hl_png_reader *reader, unsigned char *rgb, hl_png_row *row) {
    memset(row, 0, sizeof *row);
    if (rgb == NULL || reader->row == NULL || reader->failed) return HL_IMAGE_MISUSE;
    if (reader->pass >= reader->passes) return HL_IMAGE_OK;
    if (setjmp(png_jmpbuf(reader->png))) {
        reader->failed = 1;
        return HL_IMAGE_DAMAGED;
    }

    png_read_row(reader->png, reader->row, NULL);
    int pass = reader->pass;
    uint32_t count = hl_png_pass_columns(reader, pass);
    hl_png_to_rgb(reader, rgb, count);
    if (reader->passes == 1) {
        row->y = reader->pass_row;
        row->first_column = 0;
        row->column_step = 1;
    } else {
        row->y = PNG_ROW_FROM_PASS_ROW(reader->pass_row, pass);
        row->first_column = PNG_PASS_START_COL(pass);
        row->column_step = 1u << PNG_PASS_COL_SHIFT(pass);
    }
    row->count = count;

    reader->pass_row++;
    if (reader->pass_row >= hl_png_pass_rows(reader, pass)) {
        reader->pass_row = 0;
        reader->pass = hl_png_next_pass(reader, pass + 1);
    }
    return HL_IMAGE_OK;
}

const char *hl_png_message(const hl_png_reader *reader) {
    return reader->message;
}

void hl_png_destroy(hl_png_reader *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader->row);
    free(reader);
}
