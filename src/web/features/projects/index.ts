/** The client's project: what screens/account composes ('Your project'). */
export { YourProject } from './your-project';
