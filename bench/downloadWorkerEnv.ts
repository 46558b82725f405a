/** Set before n8n's services load: they read the binary data mode once, when first created. */
process.env.N8N_DEFAULT_BINARY_DATA_MODE = process.env.BINARY_MODE ?? 'filesystem';
