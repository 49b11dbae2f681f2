// A small PNG reader for the tests that look at a rendered image (the cactus plot rendered by
// headless Chromium): 8-bit RGB or RGBA, non-interlaced, the five scanline filters. Returns the
// pixels as RGB triples; anything else throws.

import { inflateSync } from 'node:zlib';

export interface Image {
  readonly width: number;
  readonly height: number;
  /** width × height × 3 bytes, row by row */
  readonly rgb: Uint8Array;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function readPng(data: Buffer): Image {
  if (data.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString('ascii');
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (bitDepth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6))
        throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colourType}, interlace ${interlace}`);
      channels = colourType === 2 ? 3 : 4;
    } else if (type === 'IDAT') {
      compressed.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)]!;
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    for (let column = 0; column < stride; column++) {
      const left = column >= channels ? pixels[row * stride + column - channels]! : 0;
      const up = row > 0 ? pixels[(row - 1) * stride + column]! : 0;
      const upLeft = row > 0 && column >= channels ? pixels[(row - 1) * stride + column - channels]! : 0;
      const value = line[column]!;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? Math.floor((left + up) / 2)
                : filter === 4
                  ? paeth(left, up, upLeft)
                  : Number.NaN;
      if (Number.isNaN(predicted)) throw new Error(`bad PNG filter ${filter}`);
      pixels[row * stride + column] = (value + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) {
    rgb[pixel * 3] = pixels[pixel * channels]!;
    rgb[pixel * 3 + 1] = pixels[pixel * channels + 1]!;
    rgb[pixel * 3 + 2] = pixels[pixel * channels + 2]!;
  }
  return { width, height, rgb };
}
