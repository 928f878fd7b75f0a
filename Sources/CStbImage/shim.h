// stb_image (Debian libstb-dev) decodes PNG, JPEG, GIF and BMP from memory;
// libstb holds its implementation, the header declares it.
#ifndef ROUX_STB_IMAGE_SHIM_H
#define ROUX_STB_IMAGE_SHIM_H

#include <stb/stb_image.h>

#endif
