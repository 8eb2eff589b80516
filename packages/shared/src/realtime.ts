/** Socket.IO event maps shared by the server and the web app. */
export type Coordinates = {
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  heading: number | null;
  latitude: number;
  longitude: number;
  speed: number | null;
};

export type ServerToClientEvents = {
  connected: (payload: { userId: string }) => void;
  'session:revoked': () => void;
  'app:error': (payload: { action: string; payment?: unknown; profile?: string; error?: string }) => void;
};

export type ClientToServerEvents = {
  events: (payload: { logs: unknown[] }) => void;
  'users:users:update:coordinates': (payload: Coordinates) => void;
};
