// Types of scripts/manifest-urls.mjs for the TypeScript scripts and tests.
export interface PackageLike {
  version: string;
  repository?: string | { type?: string; url?: string };
}
export interface ManifestUrls {
  url: string;
  manifest: string;
  download: string;
  bugs: string;
}
export function repositoryUrl(pkg: PackageLike): string;
export function releaseTag(pkg: PackageLike): string;
export function manifestUrls(pkg: PackageLike, zipName?: string): ManifestUrls;
