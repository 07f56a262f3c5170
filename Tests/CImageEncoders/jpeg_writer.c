#include "image_encoders.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

struct hl_encode_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void hl_encode_error_exit(j_common_ptr cinfo) {
    longjmp(((struct hl_encode_error *)(void *)cinfo->err)->jump, 1);
}

/// Writes the JPEG; with no pixels, every row is black (one zero row, never the whole image).
static int hl_jpeg_write(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                         int quality, int progressive, int full_chroma,
                         unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (components != 1 && components != 3 && components != 4) return 0;
    struct jpeg_compress_struct cinfo;
    struct hl_encode_error error;
    // jpeg_mem_dest owns and grows this buffer; volatile because setjmp may return twice.
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    uint8_t *volatile blank_row = NULL;
    if (pixels == NULL) {
        blank_row = calloc((size_t)width * components, 1);
        if (blank_row == NULL) return 0;
    }
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = hl_encode_error_exit;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        free(blank_row);
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 4 ? JCS_CMYK : components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);  // CMYK is stored as given, with an Adobe marker
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (full_chroma && components >= 3) {
        for (int i = 0; i < cinfo.num_components; i++) {
            cinfo.comp_info[i].h_samp_factor = 1;
            cinfo.comp_info[i].v_samp_factor = 1;
        }
    }
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = pixels == NULL ? blank_row : (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(blank_row);
    *out = buffer;
    *out_size = size;
    return 1;
}

int hl_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                   int quality, int progressive, int full_chroma,
                   unsigned char **out, size_t *out_size) {
    if (pixels == NULL) {
        *out = NULL;
        *out_size = 0;
        return 0;
    }
    return hl_jpeg_write(pixels, width, height, components, quality, progressive, full_chroma, out, out_size);
}

int hl_jpeg_encode_blank(uint32_t width, uint32_t height, int progressive, int full_chroma,
                         unsigned char **out, size_t *out_size) {
    return hl_jpeg_write(NULL, width, height, 3, 75, progressive, full_chroma, out, out_size);
}
