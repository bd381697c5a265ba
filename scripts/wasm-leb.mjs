// LEB128, the variable-length integers of the wasm binary format, for the build scripts that
// edit a module's sections (short-imports.mjs, unused-exports.mjs).

/** The unsigned LEB128 at `at` in `bytes`: [value, the offset after it]. */
export function leb(bytes, at) {
    let value = 0, shift = 0, byte;
    do {
        byte = bytes[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
    } while (byte & 0x80);
    return [value, at];
}
