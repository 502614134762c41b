import type { BusinessProfile, UcpCapability } from './profile-types.js';

/** Protocol versions this client speaks, newest first. */
export const SUPPORTED_UCP_VERSIONS = ['2026-08-25', '2026-04-08', '2026-01-11'] as const;

/** A protocol version this client speaks. */
export type UcpVersion = (typeof SUPPORTED_UCP_VERSIONS)[number];

/** Where the chosen version's profile is. */
export type VersionChoice =
  | { version: UcpVersion; profileUrl: undefined }
  | { version: UcpVersion; profileUrl: string };

/**
 * The protocol version to speak with a business: its current `version` when this client speaks it, else the newest
 * key of `supported_versions` this client speaks (whose profile is at `profileUrl`). Undefined when there is none.
 */
export function chooseVersion(
  profile: Pick<BusinessProfile, 'version' | 'supportedVersions'>,
  accepted: readonly string[] = SUPPORTED_UCP_VERSIONS,
): VersionChoice | undefined {
  if (accepted.includes(profile.version))
    return { version: profile.version as UcpVersion, profileUrl: undefined };
  const older = Object.keys(profile.supportedVersions)
    .filter((v) => accepted.includes(v))
    .sort()
    .reverse();
  const best = older[0];
  if (best === undefined) return undefined;
  return { version: best as UcpVersion, profileUrl: profile.supportedVersions[best] as string };
}

/** A capability name and version both sides declared. */
export interface NegotiatedCapability {
  /** Reverse-domain name. */
  name: string;
  /** The highest version both declared. */
  version: string;
  /** Parents, for an extension. */
  extends: string[] | undefined;
}

/**
 * The spec's intersection algorithm: a business capability is kept when the platform declares the same name, at
 * the highest version both list; extensions whose parents are all gone are pruned, repeatedly (chains).
 */
export function intersectCapabilities(
  business: readonly UcpCapability[],
  platform: readonly Pick<UcpCapability, 'name' | 'version'>[],
): NegotiatedCapability[] {
  const platformVersions = new Map<string, Set<string>>();
  for (const c of platform) {
    const set = platformVersions.get(c.name) ?? new Set<string>();
    set.add(c.version);
    platformVersions.set(c.name, set);
  }
  const chosen = new Map<string, NegotiatedCapability>();
  for (const c of business) {
    if (!platformVersions.get(c.name)?.has(c.version)) continue;
    const current = chosen.get(c.name);
    if (!current || c.version > current.version)
      chosen.set(c.name, { name: c.name, version: c.version, extends: c.extends });
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, c] of chosen) {
      if (c.extends && !c.extends.some((parent) => chosen.has(parent))) {
        chosen.delete(name);
        changed = true;
      }
    }
  }
  return [...chosen.values()];
}
