export { MySignup } from './MySignup';
