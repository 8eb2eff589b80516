/**
 * How a member is named to anyone else (QUALITY Z2): the first name, or the username when there is
 * none. Never the last name: dating apps show first names only, and a last name is what finds a
 * person outside the app. Only the member's own profile (`Me`) carries their last name.
 */
export function publicNameOf(member: { firstName: string | null; username: string }): string {
  return member.firstName || member.username;
}
