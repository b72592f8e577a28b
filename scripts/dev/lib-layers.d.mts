// The types of lib-layers.mjs (plain JavaScript, so that eslint.config.mjs can import it).
export declare const LIB_LAYERS: readonly { name: string; folders: readonly string[] }[];
