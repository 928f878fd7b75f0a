// The part of libchafa (Debian libchafa-dev, 1.12) Roux uses, declared here
// rather than through <chafa.h>: that header includes GLib's, which come only
// with GLib's development package, and Roux uses none of GLib but the string
// chafa_canvas_print returns. The values below are chafa's (chafa-common.h,
// chafa-canvas-config.h, chafa-symbol-map.h); a mismatch would draw wrong,
// and the tests compare what is drawn.
#ifndef ROUX_CHAFA_SHIM_H
#define ROUX_CHAFA_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;

/// GLib's GString, as chafa_canvas_print returns it.
typedef struct RouxGString {
    char *str;
    size_t len;
    size_t allocated_len;
} RouxGString;

enum {
    ROUX_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
    ROUX_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    ROUX_CHAFA_PIXEL_MODE_SYMBOLS = 0,
    ROUX_CHAFA_PIXEL_MODE_SIXELS = 1,
    ROUX_CHAFA_PIXEL_MODE_KITTY = 2,
    ROUX_CHAFA_PIXEL_MODE_ITERM2 = 3,
    ROUX_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    ROUX_CHAFA_SYMBOL_TAG_SOLID = 1 << 1,
    ROUX_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
    ROUX_CHAFA_SYMBOL_TAG_QUAD = 1 << 7,
    ROUX_CHAFA_SYMBOL_TAG_HHALF = 1 << 8,
    ROUX_CHAFA_SYMBOL_TAG_VHALF = 1 << 9,
};

ChafaSymbolMap *chafa_symbol_map_new(void);
void chafa_symbol_map_unref(ChafaSymbolMap *symbol_map);
void chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbol_map, int tags);

ChafaCanvasConfig *chafa_canvas_config_new(void);
void chafa_canvas_config_unref(ChafaCanvasConfig *config);
void chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height);
void chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int cell_width, int cell_height);
void chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, int mode);
void chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, int pixel_mode);
void chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map);

ChafaCanvas *chafa_canvas_new(const ChafaCanvasConfig *config);
void chafa_canvas_unref(ChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, int src_pixel_type, const uint8_t *src_pixels,
                                  int src_width, int src_height, int src_rowstride);
uint32_t chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y);
void chafa_canvas_get_colors_at(ChafaCanvas *canvas, int x, int y, int *fg_out, int *bg_out);
RouxGString *chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *term_info);

ChafaTermDb *chafa_term_db_get_default(void);
ChafaTermInfo *chafa_term_db_detect(ChafaTermDb *term_db, char **envp);
void chafa_term_info_unref(ChafaTermInfo *term_info);

void chafa_calc_canvas_geometry(int src_width, int src_height, int *dest_width_inout, int *dest_height_inout,
                                float font_ratio, int zoom, int stretch);

/// GLib's g_string_free; returns the characters when not freed with it.
char *g_string_free(RouxGString *string, int free_segment);

#endif
