import { connectDatabase } from '../src/db/client.ts';
import { createMember } from '../src/test/factories.ts';
import { createConversation } from '../src/test/chat-files-factories.ts';
const { db, close } = connectDatabase('postgres://motema:motema@127.0.0.1:4322/motema');
const a = await createMember({ db }, { firstName: 'Amani' });
const b = await createMember({ db }, { firstName: 'Bisi', lastName: 'Okoye' });
const c = await createConversation(db, a.user.id, b.user.id);
console.log(JSON.stringify({ a: a.cookie, b: b.cookie, conversation: c.id, aId: a.user.id, bId: b.user.id }));
await close();
