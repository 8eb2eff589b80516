/**
 * A zone's inner screens, loaded together (one chunk): its members, one member, a member seen
 * through it, its settings and its form (creating one too), which a member opens one after the other.
 */
export { CreateZonePage, UpdateZonePage } from './zone-edit-pages.tsx';
export { ZoneMemberPage, ZoneProfilePage } from './zone-member-pages.tsx';
export { ZoneMembersPage } from './zone-members-page.tsx';
export { ZoneSettingsPage } from './zone-settings-page.tsx';
