import type { FirebaseWebConfig } from '../../src/shared/types'

/** Shaped like a real Firebase console config (the values are made up): one every config rule accepts. */
export const kkachiCommunity: FirebaseWebConfig = {
  apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E',
  authDomain: 'kkachi-community.firebaseapp.com',
  projectId: 'kkachi-community',
  storageBucket: 'kkachi-community.appspot.com',
  databaseURL: 'https://kkachi-community-default-rtdb.firebaseio.com',
  appId: '1:482913570264:web:9c1f2e7a4b3d5c6e8f0a1b'
}
