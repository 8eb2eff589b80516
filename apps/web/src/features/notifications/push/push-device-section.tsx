/**
 * Push on this device, for Settings > Notifications: its state (on, off, refused, unsupported, iPhone
 * outside the installed app) and the switch. Filled in by the web push client.
 */
export function PushDeviceSection() {
  return null;
}
