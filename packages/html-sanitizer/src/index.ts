export * from './html-sanitizer';
export * from './rules-version';
